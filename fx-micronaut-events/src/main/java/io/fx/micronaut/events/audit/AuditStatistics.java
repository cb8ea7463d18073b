package io.fx.micronaut.events.audit;

import io.micronaut.core.annotation.NonNull;

/**
 * Counts of what happened to audit records since startup, per kind. A bean.
 *
 * @since 0.8.0
 */
public interface AuditStatistics {

    /**
     * @param kind write or read records
     * @return records the sink took without an exception, within the timeout
     */
    long delivered(@NonNull AuditKind kind);

    /**
     * @param kind write or read records
     * @return records dropped because the queue was full
     */
    long dropped(@NonNull AuditKind kind);

    /**
     * @param kind write or read records
     * @return sink calls that threw
     */
    long failed(@NonNull AuditKind kind);

    /**
     * @param kind write or read records
     * @return sink calls that outlasted {@code fx.audit.timeout}
     */
    long timedOut(@NonNull AuditKind kind);
}
