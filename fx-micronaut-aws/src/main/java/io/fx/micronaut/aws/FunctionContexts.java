package io.fx.micronaut.aws;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.ApplicationContextBuilder;
import io.micronaut.context.env.Environment;

/**
 * The context builder of the functions: Micronaut's Lambda settings (environments {@code function} and
 * {@code lambda}, configuration created at startup) without creating every singleton at startup, which
 * {@code LambdaApplicationContextBuilder} asks for and cannot be told not to. The beans an application only defines
 * (a JWKS fetcher without an HTTP client, a Redis store without a Redis) must neither fail nor slow a cold start;
 * fx-micronaut's own startup work (models, compiled pipelines, the schema check) runs in its context beans, in the
 * INIT phase either way.
 */
final class FunctionContexts {

    /** The environment Micronaut's Lambda handlers add beside {@code function}. */
    static final String LAMBDA = "lambda";

    private FunctionContexts() {
    }

    static ApplicationContextBuilder builder() {
        return ApplicationContext.builder().environments(Environment.FUNCTION, LAMBDA).eagerInitConfiguration(true);
    }
}
