package io.fx.micronaut.testsuite.limits.idempotency;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.rules.FxSecurity;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * For {@link IdempotencyTest}: custom actions carrying the idempotency middleware in their lists. Each handler
 * reads the body itself (after the middleware hashed it) and counts its runs.
 */
@Factory
@Requires(property = "spec.name", value = IdempotencyTest.SPEC)
class IdempotencyBeans {

    static final String ECHO = "/idem/echo";
    static final String STREAM = "/idem/stream";

    @Singleton
    HandlerCalls handlerCalls() {
        return new HandlerCalls();
    }

    /** Anonymous callers may create (scoped by address); bearer tokens still authenticate. */
    @Singleton
    @Named("idempotency-anonymous")
    PipelineConfigurer anonymous() {
        return registry -> registry.use(Step.AUTH, FxSecurity.allowAnonymous(), MiddlewareOptions.before());
    }

    @Singleton
    @Named("idempotent-actions")
    Middleware idempotent(FxLimits limits) {
        return limits.idempotency(IdempotencyConfig.defaults());
    }

    @Singleton
    @Named("echo")
    Action echo(@Named("idempotent-actions") Middleware idempotent, HandlerCalls calls) {
        return Action.post(ECHO, context -> {
            String body = new String(context.payload().getRequestBody().bytes(), StandardCharsets.UTF_8);
            // the Location set on the context, not on the response: the stored answer must carry it all the same
            context.response().setHeader("Location", "/echoes/1");
            return FxResponse.of(201, Map.of("run", calls.next(ECHO), "body", body));
        }).middleware(idempotent).access(ActionAccess.PUBLIC);
    }

    @Singleton
    @Named("stream")
    Action stream(@Named("idempotent-actions") Middleware idempotent, HandlerCalls calls) {
        return Action.post(STREAM, context -> {
            byte[] text = ("run " + calls.next(STREAM)).getBytes(StandardCharsets.US_ASCII);
            return FxResponse.stream(200, "text/plain", new ByteArrayInputStream(text), text.length);
        }).middleware(idempotent).access(ActionAccess.PUBLIC);
    }
}
