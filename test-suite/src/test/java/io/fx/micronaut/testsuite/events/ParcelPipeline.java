package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * Parcel writes run in one transaction from the Service step on ({@link TransactionMiddleware}), and a create
 * whose label starts with {@code refuse} is refused after its insert (422): the rollback that must emit nothing.
 */
@Singleton
@Requires(property = "spec.name", value = "EventCaptureTest")
final class ParcelPipeline implements PipelineConfigurer {

    private final TransactionMiddleware transactions;

    ParcelPipeline(TransactionMiddleware transactions) {
        this.transactions = transactions;
    }

    @Override
    public void configure(MiddlewareRegistry registry) {
        registry.use(Step.SERVICE, transactions, MiddlewareOptions.before().models("Parcel"));
        registry.use(Step.DB, (context, next) -> {
            next.next();
            Map<String, Object> body = context.payload().getBody();
            if (body != null && String.valueOf(body.get("label")).startsWith("refuse")) {
                throw ErrorCode.VALIDATION_ERROR.exception("refused after the insert");
            }
        }, MiddlewareOptions.after().models("Parcel").named("RefuseAfterInsert"));
    }
}
