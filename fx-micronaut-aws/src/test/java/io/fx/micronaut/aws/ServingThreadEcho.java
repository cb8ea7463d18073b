package io.fx.micronaut.aws;

import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/** Echoes the name of the thread that runs the pipeline as {@code X-Served-On}, in the tests' application only. */
@Factory
@Requires(property = "spec.name", value = "lambda")
class ServingThreadEcho {

    @Singleton
    @Named("serving-thread")
    PipelineConfigurer servingThread() {
        return registry -> registry.use(Step.SERVICE, (context, next) -> {
            context.response().setHeader("X-Served-On", Thread.currentThread().getName());
            next.next();
        });
    }
}
