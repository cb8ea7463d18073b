package io.fx.micronaut.production;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.action.ActionCatalog;
import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.pipeline.CompiledPipeline;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks that the application is fit to face the internet: every generated operation
 * ({@link #GENERATED_OPERATIONS}) of every model is covered by Auth-step middleware (a registration
 * on {@code Step.AUTH} whose model and operation filters include it, or a model's own Auth list) or
 * by a {@link PublicAccess} declaration, every custom action declares its access, a
 * {@code PROTECTED} one only when Auth-step middleware covers actions, and every other route under
 * {@code fx.path-prefix} (a plain controller, the OpenAPI document) is covered by a {@link RouteGuard}.
 * Middleware implementing {@link AccessGuard} cover by their classification (an authenticator behind an
 * anonymous admission does not). With
 * {@code fx.http-access-controlled=true} the application asserts that global HTTP filters protect
 * every route instead, and the check passes. Runs at startup with {@code fx.production=true}; in
 * development the uncovered routes are logged as warnings at startup instead.
 *
 * @since 0.2.0
 */
@Singleton
public class ProductionValidator {

    /** The operations checked per model. OPTIONS only lists methods and is not checked. */
    public static final List<Operation> GENERATED_OPERATIONS =
        List.of(Operation.LIST, Operation.READ, Operation.CREATE, Operation.UPDATE, Operation.DELETE);

    private static final Logger LOG = LoggerFactory.getLogger(ProductionValidator.class);

    private final ModelRegistry registry;
    private final CompiledPipeline pipeline;
    private final ActionCatalog actions;
    private final List<PublicAccess> declarations;
    private final boolean httpAccessControlled;
    private final RouteCoverage routes;
    private final List<SubResource> subResources;
    private final List<ProductionCheck> checks;

    /**
     * @param registry      the models
     * @param pipeline      the compiled pipeline, holding the Auth-step registrations
     * @param actions       the custom actions
     * @param declarations  public access declarations
     * @param configuration server configuration
     * @param router        the router, whose routes under the prefix are checked (none without a server)
     * @param routeGuards   what covers routes other than the generated ones
     * @since 0.7.0 (the router and the route guards)
     */
    public ProductionValidator(ModelRegistry registry, CompiledPipeline pipeline, ActionCatalog actions,
                               List<PublicAccess> declarations, FxConfiguration configuration,
                               BeanProvider<Router> router, List<RouteGuard> routeGuards) {
        this(registry, pipeline, actions, declarations, configuration, router, routeGuards, List.of());
    }

    /**
     * @param registry      the models
     * @param pipeline      the compiled pipeline, holding the Auth-step registrations
     * @param actions       the custom actions
     * @param declarations  public access declarations
     * @param configuration server configuration
     * @param router        the router, whose routes under the prefix are checked (none without a server)
     * @param routeGuards   what covers routes other than the generated ones
     * @param subResources  the sub-resources, whose operations are checked per model they apply to
     * @since 0.8.0
     */
    public ProductionValidator(ModelRegistry registry, CompiledPipeline pipeline, ActionCatalog actions,
                               List<PublicAccess> declarations, FxConfiguration configuration,
                               BeanProvider<Router> router, List<RouteGuard> routeGuards,
                               List<SubResource> subResources) {
        this(registry, pipeline, actions, declarations, configuration, router, routeGuards, subResources, List.of());
    }

    /**
     * @param registry      the models
     * @param pipeline      the compiled pipeline, holding the Auth-step registrations
     * @param actions       the custom actions
     * @param declarations  public access declarations
     * @param configuration server configuration
     * @param router        the router, whose routes under the prefix are checked (none without a server)
     * @param routeGuards   what covers routes other than the generated ones
     * @param subResources  the sub-resources, whose operations are checked per model they apply to
     * @param checks        the feature modules' and the application's own checks
     * @since 0.9.0
     */
    @Inject
    public ProductionValidator(ModelRegistry registry, CompiledPipeline pipeline, ActionCatalog actions,
                               List<PublicAccess> declarations, FxConfiguration configuration,
                               BeanProvider<Router> router, List<RouteGuard> routeGuards,
                               List<SubResource> subResources, List<ProductionCheck> checks) {
        this.checks = List.copyOf(checks);
        this.subResources = List.copyOf(subResources);
        this.registry = registry;
        this.pipeline = pipeline;
        this.actions = actions;
        this.declarations = List.copyOf(declarations);
        this.httpAccessControlled = configuration.isHttpAccessControlled();
        this.routes = new RouteCoverage(router, routeGuards, configuration.getPathPrefix());
    }

    /**
     * @return every route under {@code fx.path-prefix} besides the generated ones that no {@link RouteGuard}
     *     covers, one sentence each; empty with {@code fx.http-access-controlled=true}
     * @since 0.7.0
     */
    @NonNull
    public List<String> findUncoveredRoutes() {
        return httpAccessControlled ? List.of() : routes.uncovered();
    }

    /**
     * @return every uncovered item, one sentence each; empty when the application passes
     */
    @NonNull
    public List<String> findUncovered() {
        if (httpAccessControlled) {
            return List.of();
        }
        List<String> uncovered = new ArrayList<>();
        for (PublicAccess declaration : declarations) {
            for (String model : declaration.models()) {
                if (registry.findByName(model).isEmpty()) {
                    uncovered.add("public access declaration names the model '" + model + "', which is not registered");
                }
            }
        }
        for (ModelDescriptor model : registry.getModels()) {
            if (model.isHeadless()) {
                continue;
            }
            for (Operation operation : GENERATED_OPERATIONS) {
                if (!AccessGuard.covers(pipeline.authMiddleware(model, operation), operation)
                    && declarations.stream().noneMatch(d -> d.covers(model.getName(), operation))) {
                    uncovered.add("model " + model.getName() + " operation " + operation
                        + ": no Auth-step middleware and no public access declaration");
                }
            }
            uncovered.addAll(uncoveredSubResources(model));
        }
        for (Action action : actions.getActions()) {
            ActionAccess access = action.access();
            if (access == null) {
                uncovered.add("action " + action.describe() + ": no access declared (PROTECTED or PUBLIC)");
            } else if (access == ActionAccess.PROTECTED
                && !AccessGuard.covers(pipeline.actionAuthMiddleware(action.operation()), action.operation())) {
                uncovered.add("action " + action.describe() + ": declared PROTECTED but no Auth-step middleware covers "
                    + (action.operation().equals(Operation.ACTION) ? "actions" : "operation " + action.operation()));
            }
        }
        uncovered.addAll(routes.uncovered());
        return uncovered;
    }

    /**
     * A sub-resource's operations (the history's {@code READ_HISTORY}) are covered as generated ones are: by
     * Auth-step middleware registered for them (or for {@code READ}, which covers {@code READ_HISTORY}), or by a
     * public access declaration naming the operation itself; one naming {@code READ} alone does not cover them.
     */
    private List<String> uncoveredSubResources(ModelDescriptor model) {
        List<String> uncovered = new ArrayList<>();
        for (SubResource sub : subResources) {
            if (!sub.appliesTo(model)) {
                continue;
            }
            java.util.Set<Operation> operations = new java.util.LinkedHashSet<>();
            sub.methods().forEach(method -> operations.add(sub.operation(method)));
            for (Operation operation : operations) {
                if (operation.isGenerated()) {
                    continue; // checked with the model's own operations (ACTION by the actions' check)
                }
                if (!AccessGuard.covers(pipeline.authMiddleware(model, operation), operation)
                    && declarations.stream().noneMatch(d -> d.covers(model.getName(), operation))) {
                    uncovered.add("model " + model.getName() + " sub-resource " + sub.name() + " operation " + operation
                        + ": no Auth-step middleware and no public access declaration");
                }
            }
        }
        return uncovered;
    }

    /**
     * @return every problem the {@link ProductionCheck} beans report, one sentence each, in bean order; these
     *     are asked with {@code fx.http-access-controlled=true} too
     * @since 0.9.0
     */
    @NonNull
    public List<String> findProblems() {
        List<String> problems = new ArrayList<>();
        for (ProductionCheck check : checks) {
            problems.addAll(check.findProblems());
        }
        return problems;
    }

    /**
     * @throws FxConfigurationException listing every uncovered model operation, action and route, and every
     *     problem a {@link ProductionCheck} reports
     */
    public void validate() {
        List<String> uncovered = new ArrayList<>(findUncovered());
        uncovered.addAll(findProblems());
        if (!uncovered.isEmpty()) {
            throw new FxConfigurationException("Production validation failed, " + uncovered.size()
                + " uncovered:\n  " + String.join("\n  ", uncovered));
        }
        if (httpAccessControlled) {
            LOG.info("Production validation: fx.http-access-controlled=true, global HTTP filters are asserted to protect every route");
        }
    }
}
