package io.fx.micronaut.testsuite.limits.bodysize;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.limits.FxLimits;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.Map;

/**
 * The body limits of {@link BodySizeTest}: 1,000 bytes for every Gadget operation, then 200 for Gadget creates (the
 * last covering registration counts); 50 bytes for the action {@code POST /limits/echo} through its list.
 */
@Factory
@Requires(property = "spec.name", value = BodySizeTest.SPEC)
class BodySizeBeans {

    @Singleton
    PipelineConfigurer limits(FxLimits limits) {
        return new PipelineConfigurer() {
            @Override
            public void configure(@NonNull MiddlewareRegistry registry) {
                registry.use(Step.DESERIALIZE, limits.maxBodySize(BodySizeTest.GADGET_LIMIT),
                    MiddlewareOptions.before().models("Gadget"));
                registry.use(Step.DESERIALIZE, limits.maxBodySize(BodySizeTest.CREATE_LIMIT),
                    MiddlewareOptions.before().models("Gadget").operations(Operation.CREATE));
            }
        };
    }

    @Singleton
    Action echo(FxLimits limits) {
        return Action.post("/limits/echo", context -> {
            byte[] body = context.payload().getRawBody();
            return Map.of("data", Map.of("length", body == null ? 0 : body.length));
        }).middleware(limits.maxBodySize(BodySizeTest.ACTION_LIMIT)).access(ActionAccess.PUBLIC);
    }
}
