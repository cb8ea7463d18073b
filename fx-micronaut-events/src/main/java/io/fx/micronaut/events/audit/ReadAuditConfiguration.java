package io.fx.micronaut.events.audit;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.util.List;

/**
 * Read audit from configuration, under {@code fx.audit.read}: the same as registering {@link FxAudit#readAudit()}
 * on the Response step at position {@code AFTER} for these models and operations.
 *
 * @since 0.8.0
 */
@ConfigurationProperties(ReadAuditConfiguration.PREFIX)
public interface ReadAuditConfiguration {

    /** The prefix. */
    String PREFIX = AuditConfiguration.PREFIX + ".read";

    /**
     * @return the models whose reads are audited, by name, besides those a {@link FxAudit#readAudit()} registration
     *     covers; {@code *} for every model; none by default
     */
    @Bindable(defaultValue = "")
    @NonNull
    List<String> getModels();

    /** @return the audited reads of those models: {@code read}, {@code list}, {@code read_history} */
    @Bindable(defaultValue = "read,list,read_history")
    @NonNull
    List<String> getOperations();

    /** @return the sink of read records: {@code log}, {@code redis}, {@code events} or an {@link AuditSink} bean's name */
    @Bindable(defaultValue = "log")
    @NonNull
    String getSink();
}
