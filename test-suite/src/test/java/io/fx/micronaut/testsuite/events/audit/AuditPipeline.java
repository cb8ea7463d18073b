package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.events.audit.AuditOptions;
import io.fx.micronaut.events.audit.FxAudit;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpHeaders;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Map;

/**
 * The audit tests' application: a test principal from {@code X-Test-*} headers ({@code X-Test-Refuse} refuses the
 * request on the Auth step, before the DB step); {@link AuditLedger} writes in one transaction from the Service
 * step on, audited with changes in the spec's form (DB step, {@code BEFORE}), and refused after the insert when
 * the name starts with {@code refuse} (the rollback that must record a failure).
 */
@Singleton
@Requires(property = "spec.name", pattern = "Audit.*")
final class AuditPipeline implements PipelineConfigurer {

    private final TransactionMiddleware transactions;
    private final FxAudit audit;

    AuditPipeline(TransactionMiddleware transactions, FxAudit audit) {
        this.transactions = transactions;
        this.audit = audit;
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        registry.use(Step.AUTH, (context, next) -> {
            HttpHeaders headers = context.getRequest().orElseThrow().getHeaders();
            if (headers.contains("X-Test-Refuse")) {
                context.abort(403, "FORBIDDEN", "refused on the Auth step");
                return;
            }
            String user = headers.get("X-Test-User");
            if (user != null) {
                context.setPrincipal(new AuthInfo(user, List.of(headers.get("X-Test-Roles", String.class, "")
                    .split(",")), Map.of(), headers.get("X-Test-Tenant"), IdentityType.HUMAN, List.of(),
                    headers.get("X-Test-Session"), "test"));
            }
            next.next();
        }, MiddlewareOptions.before().models("AuditLedger", "AuditMemo").named("TestPrincipal"));
        registry.use(Step.SERVICE, transactions, MiddlewareOptions.before().models("AuditLedger"));
        registry.use(Step.DB, audit.auditLog(AuditOptions.withChanges()),
            MiddlewareOptions.before().models("AuditLedger"));
        registry.use(Step.DB, (context, next) -> {
            next.next();
            Map<String, Object> body = context.payload().getBody();
            if (body != null && String.valueOf(body.get("name")).startsWith("refuse")) {
                throw ErrorCode.VALIDATION_ERROR.exception("refused after the insert");
            }
        }, MiddlewareOptions.after().models("AuditLedger").named("RefuseAfterInsert"));
    }
}
