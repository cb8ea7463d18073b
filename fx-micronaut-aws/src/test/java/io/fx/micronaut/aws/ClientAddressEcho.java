package io.fx.micronaut.aws;

import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/** Echoes the request context's client address as {@code X-Client-Address}, in the tests' application only. */
@Factory
@Requires(property = "spec.name", value = "lambda")
class ClientAddressEcho {

    @Singleton
    @Named("client-address")
    PipelineConfigurer clientAddress() {
        return registry -> registry.use(Step.AUTH, (context, next) -> {
            context.response().setHeader("X-Client-Address", context.getClientAddress().orElse("none"));
            next.next();
        });
    }
}
