package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.events.audit.FxAudit;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/** Registers the audit middleware where they cannot work, as {@code audit-test.misplace} says: startup must fail. */
@Singleton
@Requires(property = "spec.name", value = "AuditStartupTest")
@Requires(property = "audit-test.misplace")
final class MisplacedAudit implements PipelineConfigurer {

    private final FxAudit audit;
    private final String misplace;

    MisplacedAudit(FxAudit audit, @Property(name = "audit-test.misplace") String misplace) {
        this.audit = audit;
        this.misplace = misplace;
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        switch (misplace) {
            case "write-before" -> registry.use(Step.DB, audit.auditLog(), MiddlewareOptions.before()
                .models("AuditMemo"));
            case "write-on-service" -> registry.use(Step.SERVICE, audit.auditLog(), MiddlewareOptions.after()
                .models("AuditMemo"));
            case "read-before" -> registry.use(Step.RESPONSE, audit.readAudit(), MiddlewareOptions.before()
                .models("AuditMemo"));
            default -> registry.use(Step.DB, audit.readAudit(), MiddlewareOptions.after().models("AuditMemo"));
        }
    }
}
