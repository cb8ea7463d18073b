package io.fx.micronaut.security.rules;

import io.fx.micronaut.security.authentication.AuthenticationMiddleware;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.security.csrf.CsrfMiddleware;
import io.fx.micronaut.security.event.SecurityEvents;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.OrderUtil;
import io.micronaut.core.order.Ordered;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Registers the module's middleware before every application configurer, in this order: blocked
 * operations, anonymous admission and public read (before the authenticators), the authenticators in
 * place of the Auth step's passthrough default ({@code REPLACE}), then the CSRF check when
 * {@code fx.security.csrf.mode} is on (first {@code AFTER}, so it knows the principal and covers custom
 * actions too) and the configured roles, scopes and owner rules ({@code AFTER}). Middleware an application registers {@code BEFORE} therefore still run
 * ahead of the authenticators, and those it registers {@code AFTER} see the principal.
 */
@Internal
@Singleton
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class SecurityPipelineConfigurer implements PipelineConfigurer {

    private static final Operation[] SINGLE = {Operation.READ, Operation.CREATE, Operation.UPDATE, Operation.DELETE};

    private final List<Authenticator> authenticators;
    private final ConfiguredRules rules;
    private final CsrfMiddleware csrf;
    private final SecurityEvents events;

    SecurityPipelineConfigurer(List<Authenticator> authenticators, ConfiguredRules rules, CsrfMiddleware csrf,
                               SecurityEvents events) {
        this.events = events;
        List<Authenticator> ordered = new ArrayList<>(authenticators);
        OrderUtil.sort(ordered);
        this.authenticators = List.copyOf(ordered);
        this.rules = rules;
        this.csrf = csrf;
    }

    @Override
    public void configure(@NonNull MiddlewareRegistry registry) {
        for (ModelRules model : rules.models().values()) {
            if (!model.block().isEmpty()) {
                registry.use(Step.AUTH, FxSecurity.blockOperation(model.block().toArray(new Operation[0])),
                    options(MiddlewareOptions.before(), model.model(), Set.of(), "block"));
            }
        }
        if (rules.isAnonymous()) {
            // the admission names its operations itself: a rule for read admits records, not their history
            registry.use(Step.AUTH, FxSecurity.allowAnonymous(rules.anonymousOperations().toArray(new Operation[0])),
                MiddlewareOptions.before()
                .models(rules.anonymousModels().toArray(new String[0]))
                .operations(rules.anonymousOperations().toArray(new Operation[0])).named("fx-security-anonymous"));
        }
        if (!rules.publicRead().isEmpty()) {
            registry.use(Step.AUTH, FxSecurity.allowPublicRead(), MiddlewareOptions.before()
                .models(rules.publicRead().toArray(new String[0])).named("fx-security-public-read"));
        }
        if (!authenticators.isEmpty()) {
            registry.use(Step.AUTH, new AuthenticationMiddleware(authenticators, events),
                MiddlewareOptions.replace().named("fx-security-authentication"));
        }
        if (csrf.isEnabled()) {
            registry.use(Step.AUTH, csrf, MiddlewareOptions.after().named("fx-security-csrf"));
        }
        for (ModelRules model : rules.models().values()) {
            perOperation(registry, model, model.roles(), "roles");
            perOperation(registry, model, model.scopes(), "scopes");
            perOperation(registry, model, model.anyScopes(), "any-scopes");
            if (model.ownerField() != null) {
                registry.use(Step.AUTH, FxSecurity.requireOwner(model.ownerField(),
                        model.ownerAdminRoles().toArray(new String[0])),
                    options(MiddlewareOptions.after(), model.model(),
                        model.ownerOperations().isEmpty() ? Set.of(SINGLE) : model.ownerOperations(), "owner"));
            }
        }
    }

    private static void perOperation(MiddlewareRegistry registry, ModelRules model, Map<Operation, List<String>> rules,
                                     String kind) {
        rules.forEach((operation, names) -> {
            String[] values = names.toArray(new String[0]);
            registry.use(Step.AUTH, switch (kind) {
                case "roles" -> FxSecurity.requireRole(values);
                case "scopes" -> FxSecurity.requireScope(values);
                default -> FxSecurity.requireAnyScope(values);
            }, options(MiddlewareOptions.after(), model.model(), Set.of(operation), kind));
        });
    }

    private static MiddlewareOptions options(MiddlewareOptions base, String model, Set<Operation> operations, String kind) {
        return base.models(model).operations(operations.toArray(new Operation[0]))
            .named("fx-security-" + kind + "-" + model);
    }
}
