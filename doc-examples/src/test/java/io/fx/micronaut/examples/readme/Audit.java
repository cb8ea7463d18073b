package io.fx.micronaut.examples.readme;

import io.fx.micronaut.events.audit.AuditOptions;
import io.fx.micronaut.events.audit.FxAudit;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * The events README's audit in code: write audit with changes on every model, read audit on posts; only in
 * {@link AuditExampleTest}'s blog.
 */
@Requires(property = "spec.name", value = AuditExampleTest.SPEC)
// tag::audit-middleware[]
@Singleton
final class Audit implements PipelineConfigurer {
    private final FxAudit audit;
    Audit(FxAudit audit) { this.audit = audit; }

    @Override
    public void configure(MiddlewareRegistry registry) {
        // DB step, AFTER; or BEFORE when the records carry changes
        registry.use(Step.DB, audit.auditLog(AuditOptions.withChanges()), MiddlewareOptions.before());
        // Response step, AFTER
        registry.use(Step.RESPONSE, audit.readAudit(), MiddlewareOptions.after().models("Post"));
    }
}
// end::audit-middleware[]
