package io.fx.micronaut.events.audit;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * Write audit from configuration, under {@code fx.audit.write}: the same as registering
 * {@link FxAudit#auditLog(AuditOptions)} on the DB step at position {@code AFTER} for these models and operations.
 *
 * @since 0.8.0
 */
@ConfigurationProperties(WriteAuditConfiguration.PREFIX)
public interface WriteAuditConfiguration {

    /** The prefix. */
    String PREFIX = AuditConfiguration.PREFIX + ".write";

    /**
     * @return the models whose writes are audited, by name, besides those an {@link FxAudit#auditLog} registration
     *     covers; {@code *} for every model; none by default
     */
    @Bindable(defaultValue = "")
    @NonNull
    List<String> getModels();

    /** @return the audited writes of those models: {@code create}, {@code update}, {@code delete} */
    @Bindable(defaultValue = "create,update,delete")
    @NonNull
    List<String> getOperations();

    /** @return whether an update's record carries its changes */
    @Bindable(defaultValue = "false")
    boolean isChanges();

    /** @return the sink of write records: {@code log}, {@code redis}, {@code events} or an {@link AuditSink} bean's name */
    @Bindable(defaultValue = "log")
    @NonNull
    String getSink();
}
