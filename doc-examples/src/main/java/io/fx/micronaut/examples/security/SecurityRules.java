package io.fx.micronaut.examples.security;

import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.security.Policy;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * The README's access rules in code, on the blog's models: public reads of posts, editors alone delete
 * tags, the owner rule on posts, and a policy letting only admins touch anything but published posts.
 * Active in the {@code rules-in-code} environment (with a token secret), so the blog itself keeps its
 * configured rules.
 *
 * @since 0.4.0
 */
@Singleton
@Requires(env = "rules-in-code")
public class SecurityRules implements PipelineConfigurer {

    @Override
    public void configure(MiddlewareRegistry registry) {
        // tag::rules-in-code[]
        Policy isAdmin = (context, record) -> context.getPrincipal().map(p -> p.hasRole("admin")).orElse(false);
        Policy isPublished = (context, record) -> "published".equals(record.get("status"));
        registry.use(Step.AUTH, FxSecurity.allowPublicRead(), MiddlewareOptions.before().models("Post"));
        registry.use(Step.AUTH, FxSecurity.requireRole("editor"), MiddlewareOptions.after().models("Tag")
            .operations(Operation.DELETE));
        registry.use(Step.AUTH, FxSecurity.requireOwner("ownerId", "admin"), MiddlewareOptions.after().models("Post")
            .operations(Operation.CREATE, Operation.UPDATE, Operation.DELETE));
        FxSecurity.enforce(Policy.anyOf(isAdmin, isPublished)).register(registry, "Post");
        // end::rules-in-code[]
    }
}
