package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.NonNull;

/**
 * Options of {@link FxAudit#auditLog(AuditOptions)}.
 *
 * @param changes whether an update's record carries its changes, {@code {field: {from, to}}}, redacted fields
 *                left out
 * @since 0.8.0
 */
public record AuditOptions(boolean changes) {

    /** @return records without changes */
    @NonNull
    public static AuditOptions defaults() {
        return new AuditOptions(false);
    }

    /** @return records whose updates carry their changes; also allows the registration at position {@code BEFORE} */
    @NonNull
    public static AuditOptions withChanges() {
        return new AuditOptions(true);
    }
}
