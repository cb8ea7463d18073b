package io.fx.micronaut.security.internal;

import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.Authenticator;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.OrderUtil;
import io.micronaut.core.order.Ordered;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;

/**
 * Registers the module's middleware before every application configurer: the authenticators, when
 * there are any, in place of the Auth step's passthrough default ({@code REPLACE}), so that middleware
 * registered {@code BEFORE} (such as {@code allowAnonymous()}) run ahead of them and middleware
 * registered {@code AFTER} (the authorisers) see the principal.
 */
@Internal
@Singleton
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class SecurityPipelineConfigurer implements PipelineConfigurer {

    private final List<Authenticator> authenticators;

    SecurityPipelineConfigurer(List<Authenticator> authenticators) {
        List<Authenticator> ordered = new ArrayList<>(authenticators);
        OrderUtil.sort(ordered);
        this.authenticators = List.copyOf(ordered);
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        if (!authenticators.isEmpty()) {
            registry.use(Step.AUTH, new AuthenticationMiddleware(authenticators),
                MiddlewareOptions.replace().named("fx-security-authentication"));
        }
    }
}
