package io.fx.micronaut.events.audit.internal;

import io.fx.micronaut.events.audit.AuditOptions;
import io.fx.micronaut.events.audit.FxAudit;
import io.fx.micronaut.events.audit.ReadAuditConfiguration;
import io.fx.micronaut.events.audit.WriteAuditConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Locale;

/**
 * Registers {@link FxAudit#auditLog(AuditOptions)} on the DB step (position {@code AFTER}) for the models
 * {@code fx.audit.write.models} names, and {@link FxAudit#readAudit()} on the Response step for those
 * {@code fx.audit.read.models} names ({@code *}: every model), limited to the operations their
 * {@code operations} keys list; a name that is no model, or an operation that is not one of the kind's, fails
 * startup.
 */
@Internal
@Singleton
final class ConfiguredAudit implements PipelineConfigurer {

    private static final List<Operation> WRITES = List.of(Operation.CREATE, Operation.UPDATE, Operation.DELETE);
    private static final List<Operation> READS = List.of(Operation.READ, Operation.LIST, Operation.READ_HISTORY);

    private final FxAudit audit;
    private final WriteAuditConfiguration write;
    private final ReadAuditConfiguration read;

    ConfiguredAudit(FxAudit audit, WriteAuditConfiguration write, ReadAuditConfiguration read) {
        this.audit = audit;
        this.write = write;
        this.read = read;
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        List<String> writeModels = names(write.getModels());
        if (!writeModels.isEmpty()) {
            MiddlewareOptions options = options(writeModels, WriteAuditConfiguration.PREFIX, write.getOperations(),
                WRITES);
            registry.use(Step.DB, audit.auditLog(new AuditOptions(write.isChanges())), options);
        }
        List<String> readModels = names(read.getModels());
        if (!readModels.isEmpty()) {
            MiddlewareOptions options = options(readModels, ReadAuditConfiguration.PREFIX, read.getOperations(), READS);
            registry.use(Step.RESPONSE, audit.readAudit(), options);
        }
    }

    private static MiddlewareOptions options(List<String> models, String prefix, List<String> operations,
                                             List<Operation> allowed) {
        MiddlewareOptions options = MiddlewareOptions.after().named(prefix + ".models");
        if (!models.contains("*")) {
            options = options.models(models.toArray(String[]::new));
        }
        return options.operations(operations(prefix + ".operations", operations, allowed));
    }

    private static Operation[] operations(String key, List<String> names, List<Operation> allowed) {
        List<String> given = names(names);
        if (given.isEmpty()) {
            throw new FxConfigurationException(key + " is empty; list some of " + labels(allowed));
        }
        return given.stream().map(name -> {
            Operation operation;
            try {
                operation = Operation.named(name);
            } catch (IllegalArgumentException e) {
                operation = null;
            }
            if (operation == null || !allowed.contains(operation)) {
                throw new FxConfigurationException(key + " names '" + name + "', which is not one of "
                    + labels(allowed));
            }
            return operation;
        }).toArray(Operation[]::new);
    }

    private static String labels(List<Operation> operations) {
        return String.join(", ", operations.stream().map(o -> o.name().toLowerCase(Locale.ROOT)).toList());
    }

    private static List<String> names(List<String> values) {
        return values.stream().map(String::strip).filter(value -> !value.isEmpty()).toList();
    }
}
