package io.fx.micronaut.testsuite.transaction;

import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Ledger writes run under the shipped TransactionMiddleware, registered twice; a probe between the
 * two registrations reports whether a transaction is active; DB-step AFTER middleware fails the
 * request after the write on demand, and a Service middleware writes a Widget through the accessors
 * on demand, inside the same transaction.
 */
@Requires(property = "spec.name", value = "TransactionMiddlewareTest")
@Singleton
class TransactionBeans implements PipelineConfigurer {

    private final TransactionMiddleware transactions;

    TransactionBeans(TransactionMiddleware transactions) {
        this.transactions = transactions;
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        MiddlewareOptions ledgerWrites = MiddlewareOptions.before().models("Ledger")
            .operations(Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        registry.use(Step.SERVICE, transactions, ledgerWrites.named("tx-1"));
        registry.use(Step.SERVICE, (context, next) -> {
            context.response().setHeader("X-In-Transaction", String.valueOf(context.transaction().isActive()));
            next.next();
        }, ledgerWrites);
        registry.use(Step.SERVICE, transactions, ledgerWrites.named("tx-2"));
        registry.use(Step.SERVICE, (context, next) -> {
            String companion = header(context.getRequest().orElseThrow(), "X-Companion-Widget");
            if (companion != null) {
                context.getModels().of("Widget").create(Map.of("name", companion));
            }
            next.next();
        }, ledgerWrites);
        registry.use(Step.DB, (context, next) -> {
            next.next();
            HttpRequest<?> request = context.getRequest().orElseThrow();
            if (header(request, "X-Abort-After-Write") != null) {
                context.abort(409, "REFUSED", "refused after the write");
            } else if (header(request, "X-Throw-After-Write") != null) {
                throw new IllegalStateException("boom after the write");
            }
        }, MiddlewareOptions.after().models("Ledger"));
        registry.use(Step.RESPONSE, (context, next) -> {
            next.next();
            if (header(context.getRequest().orElseThrow(), "X-Answer-500") != null) {
                context.response().set(io.fx.micronaut.pipeline.FxResponse.of(500, Map.of("error", Map.of("code", "LATE"))));
            }
        }, MiddlewareOptions.after().models("Ledger"));
    }

    private static String header(HttpRequest<?> request, String name) {
        return request.getHeaders().get(name);
    }
}
