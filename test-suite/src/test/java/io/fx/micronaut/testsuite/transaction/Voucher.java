package io.fx.micronaut.testsuite.transaction;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.TransactionMiddleware;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import jakarta.inject.Singleton;

/** A model whose own Service-step list holds the shipped TransactionMiddleware, then a late refusal. */
@Introspected
public class Voucher extends BaseModel {

    @Fx("required")
    private String code;

    public String getCode() { return code; }
    public void setCode(String code) { this.code = code; }

    /** Registers Voucher, only for the transaction test. */
    @Requires(property = "spec.name", value = "TransactionMiddlewareTest")
    @Singleton
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(ModelRegistration registry) {
            registry.register(Voucher.class);
        }
    }

    /** Voucher's own Service-step middleware: the shipped TransactionMiddleware, then a late refusal. */
    @Requires(property = "spec.name", value = "TransactionMiddlewareTest")
    @Singleton
    static class Middlewares implements PipelineConfigurer {

        private final TransactionMiddleware transactions;

        Middlewares(TransactionMiddleware transactions) {
            this.transactions = transactions;
        }

        @Override
        public void configure(MiddlewareRegistry registry) {
            MiddlewareOptions voucher = MiddlewareOptions.before().models("Voucher");
            registry.use(Step.SERVICE, transactions, voucher)
                .use(Step.SERVICE, (context, next) -> {
                    next.next();
                    if (context.getRequest().orElseThrow().getHeaders().contains("X-Refuse-Late")) {
                        context.abort(409, "REFUSED_LATE", "refused after the write");
                    }
                }, voucher);
        }
    }
}
