package io.fx.micronaut.testsuite.transaction;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
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

    /** Registers Voucher with its per-model middleware, only for the transaction test. */
    @Requires(property = "spec.name", value = "TransactionMiddlewareTest")
    @Singleton
    static class Registrar implements ModelRegistrar {

        private final TransactionMiddleware transactions;

        Registrar(TransactionMiddleware transactions) {
            this.transactions = transactions;
        }

        @Override
        public void register(ModelRegistration registry) {
            registry.register(Voucher.class, ModelOptions.defaults().middleware(Step.SERVICE, transactions, (context, next) -> {
                next.next();
                if (context.getRequest().orElseThrow().getHeaders().contains("X-Refuse-Late")) {
                    context.abort(409, "REFUSED_LATE", "refused after the write");
                }
            }));
        }
    }
}
