package io.fx.micronaut.pipeline;



import io.fx.micronaut.config.TraceConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Context;
import io.micronaut.core.annotation.AnnotationValue;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanIntrospector;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.OrderUtil;
import io.micronaut.inject.BeanDefinition;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every middleware chain, compiled once at startup per model and operation from the default steps,
 * the {@link FxMiddleware} beans, the {@link PipelineConfigurer} beans and the per-model lists.
 * Within a step: {@code BEFORE} registrations in registration order, then the model's own list,
 * then the {@code REPLACE} registrations (or the default when there are none), then {@code AFTER}.
 */
@Internal
@Context
public final class CompiledPipeline implements MiddlewareInventory {

    private final Map<String, Map<Operation, Chain>> chains;
    private final List<RequestObserver> observers;
    private final Map<Step, PipelineStep> defaults;
    private final List<Registration> registrations;
    private final TraceConfiguration trace;
    private final Set<Operation> operations;

    /**
     * @param beans      the bean context
     * @param registry   the models
     * @param steps      the default step beans
     * @param configurers programmatic registrations
     * @param observers  observer beans
     * @param subResources the sub-resources, whose operations get chains of their own
     * @param trace      tracing settings
     */
    public CompiledPipeline(BeanContext beans, ModelRegistry registry, List<PipelineStep> steps,
                            List<PipelineConfigurer> configurers, List<RequestObserver> observers,
                            List<SubResource> subResources, TraceConfiguration trace) {
        this(beans, registry, steps, configurers, observers, subResources, List.of(), trace);
    }

    /**
     * @param beans       the bean context, for {@link FxMiddleware} beans
     * @param registry    the models
     * @param steps       the default steps
     * @param configurers programmatic registrations
     * @param observers   observer beans
     * @param subResources the sub-resources, whose operations get chains of their own
     * @param catalogs    the operations of modules' own routes, which middleware may name too
     * @param trace       tracing settings
     * @since 0.9.0
     */
    @Inject
    public CompiledPipeline(BeanContext beans, ModelRegistry registry, List<PipelineStep> steps,
                            List<PipelineConfigurer> configurers, List<RequestObserver> observers,
                            List<SubResource> subResources, List<OperationCatalog> catalogs, TraceConfiguration trace) {
        this(operations(subResources, catalogs), beans, registry, steps, configurers, observers, trace);
    }

    private CompiledPipeline(Set<Operation> operations, BeanContext beans, ModelRegistry registry,
                             List<PipelineStep> steps, List<PipelineConfigurer> configurers,
                             List<RequestObserver> observers, TraceConfiguration trace) {
        this(annotated(beans, operations), beans::findBean, registry, operations, steps, configurers, observers, trace);
    }

    /**
     * Compiles from what the bean context resolved, so the compilation runs without one in unit tests.
     *
     * @param annotated   the {@link FxMiddleware} beans' registrations, in their order
     * @param beanLookup  finds the bean of a type named by {@link FxModelMiddleware}
     * @param registry    the models
     * @param operations  the operations to compile a chain for: the generated ones and the sub-resources'
     * @param steps       the default step beans
     * @param configurers programmatic registrations
     * @param observers   observer beans
     * @param trace       tracing settings
     */
    CompiledPipeline(List<Registration> annotated, Function<Class<?>, Optional<?>> beanLookup, ModelRegistry registry,
                     Set<Operation> operations, List<PipelineStep> steps, List<PipelineConfigurer> configurers,
                     List<RequestObserver> observers, TraceConfiguration trace) {
        Map<Step, PipelineStep> defaults = new EnumMap<>(Step.class);
        for (PipelineStep step : steps) {
            if (defaults.put(step.step(), step) != null) {
                throw new FxConfigurationException("Two default beans for step " + step.step()
                    + "; replace the shipped one with @Replaces");
            }
        }
        if (defaults.size() != Step.values().length) {
            throw new FxConfigurationException("Missing default step beans: have " + defaults.keySet());
        }
        List<Registration> registrations = new ArrayList<>(annotated);
        List<RequestObserver> allObservers = new ArrayList<>(observers);
        List<PipelineConfigurer> ordered = new ArrayList<>(configurers);
        OrderUtil.sort(ordered);
        MiddlewareRegistry collector = new MiddlewareRegistry() {
            @Override
            @NonNull
            public MiddlewareRegistry use(@NonNull Step step, @NonNull Middleware middleware, @NonNull MiddlewareOptions options) {
                registrations.add(new Registration(step, middleware, options));
                return this;
            }

            @Override
            @NonNull
            public MiddlewareRegistry observe(@NonNull RequestObserver observer) {
                allObservers.add(observer);
                return this;
            }
        };
        ordered.forEach(c -> c.configure(collector));
        registrations.addAll(perModel(beanLookup, registry));
        validateModelFilters(registry, registrations);
        validateOperationFilters(operations, registrations);
        bindModels(registry, registrations);
        validateTransactionPlacement(registry, registrations);
        Map<String, Map<Operation, Chain>> compiled = new HashMap<>();
        for (ModelDescriptor model : registry.getModels()) {
            Map<Operation, Chain> perOperation = new HashMap<>();
            for (Operation operation : operations) {
                perOperation.put(operation, compile(model, operation, defaults, registrations,
                    trace.isEnabled() ? trace : null));
            }
            compiled.put(model.getName(), Map.copyOf(perOperation));
        }
        this.chains = Map.copyOf(compiled);
        this.observers = List.copyOf(allObservers);
        this.defaults = Map.copyOf(defaults);
        this.registrations = List.copyOf(registrations);
        this.operations = Set.copyOf(operations);
        this.trace = trace.isEnabled() ? trace : null;
    }

    /**
     * Compiles a custom action's shortened chain: the Auth step (registrations without a model
     * filter whose operations include {@link Operation#ACTION}, and its default), the action's own
     * middleware, the handler, then the Response step likewise. Validate, Service and DB never run.
     *
     * @param name       the action's name, for tracing
     * @param middleware the action's own middleware
     * @param handler    the handler, continuing to the Response step
     * @return the chain
     */
    @NonNull
    public Chain compileAction(@NonNull String name, @NonNull List<Middleware> middleware, @NonNull Middleware handler) {
        return compileAction(name, Operation.ACTION, middleware, handler);
    }

    /**
     * Compiles the shortened chain of an action that runs an operation of its own (a module's route, such as a file
     * upload): as {@link #compileAction(String, List, Middleware)}, with the registrations whose operations include
     * that operation (or name none) on the Auth and Response steps.
     *
     * @param name       the action's name, for tracing
     * @param operation  the action's operation, {@link Operation#ACTION} for a plain custom action
     * @param middleware the action's own middleware
     * @param handler    the handler, continuing to the Response step
     * @return the chain
     * @since 0.9.0
     */
    @NonNull
    public Chain compileAction(@NonNull String name, @NonNull Operation operation, @NonNull List<Middleware> middleware,
                               @NonNull Middleware handler) {
        List<Middleware> chain = new ArrayList<>();
        appendStep(chain, Step.AUTH, registrations, r -> coversActions(r.options(), operation), defaults.get(Step.AUTH),
            trace);
        for (Middleware m : middleware) {
            chain.add(trace == null ? m : new TracingMiddleware("ACTION", name + " middleware", m, trace));
        }
        chain.add(trace == null ? handler : new TracingMiddleware("HANDLER", name, handler, trace));
        appendStep(chain, Step.RESPONSE, registrations, r -> coversActions(r.options(), operation),
            defaults.get(Step.RESPONSE), trace);
        return new Chain(chain.toArray(new Middleware[0]));
    }

    private static boolean coversActions(MiddlewareOptions options) {
        return coversActions(options, Operation.ACTION);
    }

    private static boolean coversActions(MiddlewareOptions options, Operation operation) {
        return options.models().isEmpty()
            && (options.operations().isEmpty() || options.operations().contains(operation));
    }

    /**
     * @param model     a model
     * @param operation a generated operation
     * @return whether any middleware other than the shipped default runs on the Auth step for them
     */
    public boolean hasAuthMiddleware(@NonNull ModelDescriptor model, @NonNull Operation operation) {
        return authDefaultReplaced()
            || registrations.stream().anyMatch(r -> r.step() == Step.AUTH && r.options().covers(model.getName(), operation));
    }

    /**
     * The Auth-step middleware of one model operation in chain order, without the shipped passthrough
     * default (a replacement of it through {@code @Replaces} is included), for production validation.
     *
     * @param model     a model
     * @param operation a generated operation
     * @return the middleware, unwrapped from tracing
     * @since 0.4.0
     */
    @Override
    @NonNull
    public List<Middleware> authMiddleware(@NonNull ModelDescriptor model, @NonNull Operation operation) {
        List<Middleware> out = new ArrayList<>();
        appendStep(out, Step.AUTH, registrations, r -> r.options().covers(model.getName(), operation), authDefault(), null);
        return out;
    }

    @Override
    @NonNull
    public List<Middleware> stepMiddleware(@NonNull ModelDescriptor model, @NonNull Operation operation,
                                           @NonNull Step step) {
        List<Middleware> out = new ArrayList<>();
        appendStep(out, step, registrations, r -> r.options().covers(model.getName(), operation), null, null);
        return out;
    }

    @Override
    @NonNull
    public Set<Operation> operations() {
        return operations;
    }

    @Override
    @NonNull
    public List<Middleware> actionAuthMiddleware() {
        return actionAuthMiddleware(Operation.ACTION);
    }

    /**
     * @param operation an action's operation ({@link ActionDescriptor#operation()})
     * @return the Auth-step middleware of actions running that operation, as {@link #actionAuthMiddleware()}
     * @since 0.9.0
     */
    @NonNull
    public List<Middleware> actionAuthMiddleware(@NonNull Operation operation) {
        List<Middleware> out = new ArrayList<>();
        appendStep(out, Step.AUTH, registrations, r -> coversActions(r.options(), operation), authDefault(), null);
        return out;
    }

    /** @return the Auth step's default when an application replaced the shipped one, else null */
    private Middleware authDefault() {
        return authDefaultReplaced() ? defaults.get(Step.AUTH) : null;
    }

    /** @return whether any middleware other than the shipped default runs on the Auth step of custom actions */
    public boolean hasActionAuthMiddleware() {
        return authDefaultReplaced()
            || registrations.stream().anyMatch(r -> r.step() == Step.AUTH && coversActions(r.options()));
    }

    /** A replacement of the shipped Auth default (through {@code @Replaces}) authenticates everything. */
    private boolean authDefaultReplaced() {
        return !(defaults.get(Step.AUTH) instanceof ShippedStep shipped && shipped.isShipped());
    }

    /**
     * @param model     the model
     * @param operation the operation
     * @return the chain to run
     */
    @NonNull
    public Chain chain(@NonNull ModelDescriptor model, @NonNull Operation operation) {
        Map<Operation, Chain> perOperation = chains.get(model.getName());
        if (perOperation == null) {
            throw new IllegalStateException("No pipeline for model " + model.getName());
        }
        return perOperation.get(operation);
    }

    /** @return every request observer */
    @NonNull
    public List<RequestObserver> observers() {
        return observers;
    }

    private static Chain compile(ModelDescriptor model, Operation operation, Map<Step, PipelineStep> defaults,
                                 List<Registration> registrations, TraceConfiguration trace) {
        List<Middleware> chain = new ArrayList<>();
        for (Step step : Step.values()) {
            appendStep(chain, step, registrations, r -> covers(r, model, operation, trace), defaults.get(step), trace);
        }
        return new Chain(chain.toArray(new Middleware[0]));
    }

    /** Whether a registration joins the chain of a model operation; logs the ones left out when tracing asks. */
    private static boolean covers(Registration r, ModelDescriptor model, Operation operation, TraceConfiguration trace) {
        if (r.options().covers(model.getName(), operation)) {
            return true;
        }
        if (trace != null && trace.isSkips()) {
            TracingMiddleware.LOG.info("{} {} {}: {} is filtered out", model.getName(), operation, r.step(),
                name(r.middleware(), r.options().name()));
        }
        return false;
    }

    /**
     * Appends one step of a chain, the one place a step is assembled: the {@code BEFORE} registrations that
     * cover the chain in registration order, then its {@code REPLACE} registrations or, when there are none,
     * the fallback, then its {@code AFTER} registrations.
     *
     * @param out           receives the step's middleware in chain order
     * @param step          the step
     * @param registrations every registration, in registration order
     * @param covers        whether a registration of this step joins the chain
     * @param fallback      the step's default, or null to leave it out
     * @param trace         wraps every element for tracing, or null to append them as registered
     */
    private static void appendStep(List<Middleware> out, Step step, List<Registration> registrations,
                                   Predicate<Registration> covers, @Nullable Middleware fallback,
                                   @Nullable TraceConfiguration trace) {
        List<Middleware> replacements = new ArrayList<>();
        List<Middleware> after = new ArrayList<>();
        for (Registration r : registrations) {
            if (r.step() != step || !covers.test(r)) {
                continue;
            }
            Middleware m = traced(step, r.middleware(), r.options().name(), trace);
            switch (r.options().position()) {
                case BEFORE -> out.add(m);
                case REPLACE -> replacements.add(m);
                case AFTER -> after.add(m);
            }
        }
        if (!replacements.isEmpty()) {
            out.addAll(replacements);
        } else if (fallback != null) {
            out.add(traced(step, fallback, "default", trace));
        }
        out.addAll(after);
    }

    private static Middleware traced(Step step, Middleware middleware, String name, TraceConfiguration trace) {
        return trace == null ? middleware : new TracingMiddleware(step, name(middleware, name), middleware, trace);
    }

    private static String name(Middleware middleware, String name) {
        return name != null ? name : middleware.getClass().getSimpleName();
    }

    private static List<Registration> annotated(BeanContext beans, Set<Operation> known) {
        List<BeanDefinition<Middleware>> definitions = beans.getBeanDefinitions(Middleware.class).stream()
            .filter(d -> d.hasDeclaredAnnotation(FxMiddleware.class) || d.hasStereotype(FxMiddleware.class))
            .sorted(Comparator.<BeanDefinition<Middleware>>comparingInt(d -> d.intValue(Order.class).orElse(0))
                .thenComparing(d -> d.getBeanType().getName()))
            .toList();
        List<Registration> registrations = new ArrayList<>();
        for (BeanDefinition<Middleware> definition : definitions) {
            AnnotationValue<FxMiddleware> value = definition.getAnnotation(FxMiddleware.class);
            if (value == null) {
                continue;
            }
            MiddlewareOptions options = new MiddlewareOptions(
                value.enumValue("position", Position.class).orElse(Position.BEFORE),
                Set.of(value.stringValues("models")),
                operations(definition, value.stringValues("operations"), known),
                value.stringValue("name").orElse(definition.getBeanType().getSimpleName()));
            Step step = value.enumValue("step", Step.class).orElseThrow();
            registrations.add(new Registration(step, beans.getBean(definition), options));
        }
        return registrations;
    }

    /**
     * @return the generated operations, {@link Operation#READ_HISTORY} (the core declares it: middleware may name it
     *     whether or not the history module serves it in this application, as configured audit does), and those the
     *     sub-resources declare, for each method they serve
     */
    static Set<Operation> operations(List<SubResource> subResources) {
        return operations(subResources, List.of());
    }

    static Set<Operation> operations(List<SubResource> subResources, List<OperationCatalog> catalogs) {
        Set<Operation> operations = new LinkedHashSet<>(Operation.generated());
        catalogs.forEach(catalog -> operations.addAll(catalog.operations()));
        operations.add(Operation.READ_HISTORY);
        for (SubResource sub : subResources) {
            operations.add(sub.operation());
            sub.methods().forEach(method -> operations.add(sub.operation(method)));
        }
        return Set.copyOf(operations);
    }

    private static Set<Operation> operations(BeanDefinition<?> definition, String[] names, Set<Operation> known) {
        Set<Operation> operations = new LinkedHashSet<>();
        for (String name : names) {
            Operation operation;
            try {
                operation = Operation.named(name);
            } catch (IllegalArgumentException e) {
                operation = null;
            }
            if (operation == null || !known.contains(operation)) {
                throw new FxConfigurationException("Middleware " + definition.getBeanType().getName()
                    + " names the operation '" + name + "', which no route runs; known: " + known);
            }
            operations.add(operation);
        }
        return operations;
    }

    /**
     * The {@link FxModelMiddleware} annotations of the model classes, as registrations limited to their model,
     * placed after every other {@code BEFORE} registration of their step.
     */
    private static List<Registration> perModel(Function<Class<?>, Optional<?>> beans, ModelRegistry registry) {
        List<Registration> registrations = new ArrayList<>();
        for (ModelDescriptor model : registry.getModels()) {
            if (model.isSynthetic()) {
                continue;
            }
            BeanIntrospection<?> introspection = BeanIntrospector.SHARED.findIntrospection(model.getType()).orElse(null);
            if (introspection == null) {
                continue;
            }
            for (AnnotationValue<FxModelMiddleware> entry : introspection.getAnnotationValuesByType(FxModelMiddleware.class)) {
                Step step = entry.enumValue("step", Step.class).orElseThrow();
                for (Class<?> type : entry.classValues("value")) {
                    registrations.add(new Registration(step, modelMiddleware(beans, model, type),
                        MiddlewareOptions.before().models(model.getName()).named(type.getSimpleName())));
                }
            }
        }
        return registrations;
    }

    private static Middleware modelMiddleware(Function<Class<?>, Optional<?>> beans, ModelDescriptor model, Class<?> type) {
        if (!Middleware.class.isAssignableFrom(type)) {
            throw new FxConfigurationException("Model " + model.getName() + ": " + type.getName() + " is not a Middleware");
        }
        return (Middleware) beans.apply(type).orElseThrow(() -> new FxConfigurationException("Model "
            + model.getName() + ": middleware " + type.getName() + " is not a bean (annotate it with @Singleton)"));
    }

    /** The transaction middleware must wrap the Service step's business logic and everything after it. */
    private static void validateTransactionPlacement(ModelRegistry registry, List<Registration> registrations) {
        for (Registration r : registrations) {
            if (r.middleware() instanceof TransactionMiddleware
                && (r.step() != Step.SERVICE || r.options().position() != Position.BEFORE)) {
                throw new FxConfigurationException("TransactionMiddleware is registered on " + r.step() + " at "
                    + r.options().position() + "; register it on the SERVICE step at position BEFORE");
            }
        }
    }

    /** Each {@link ModelBoundMiddleware} checks every model its registration covers, once, at startup. */
    private static void bindModels(ModelRegistry registry, List<Registration> registrations) {
        for (Registration r : registrations) {
            if (r.middleware() instanceof ModelBoundMiddleware bound) {
                for (ModelDescriptor model : registry.getModels()) {
                    if (r.options().models().isEmpty() || r.options().models().contains(model.getName())) {
                        bound.bind(new ModelBinding(model, r.step(), r.options().position(),
                            r.options().operations()));
                    }
                }
            }
        }
    }

    /** An operation filter no route serves would never match: a typo, which must not silently switch a rule off. */
    private static void validateOperationFilters(Set<Operation> operations, List<Registration> registrations) {
        for (Registration r : registrations) {
            for (Operation operation : r.options().operations()) {
                if (!operations.contains(operation)) {
                    throw new FxConfigurationException("Middleware " + (r.options().name() == null
                        ? r.middleware().getClass().getName() : r.options().name())
                        + " names the operation '" + operation + "', which no route serves; known: "
                        + operations.stream().map(Operation::toString).sorted().toList());
                }
            }
        }
    }

    private static void validateModelFilters(ModelRegistry registry, List<Registration> registrations) {
        for (Registration r : registrations) {
            for (String model : r.options().models()) {
                if (registry.findByName(model).isEmpty()) {
                    throw new FxConfigurationException("Middleware " + (r.options().name() == null
                        ? r.middleware().getClass().getName() : r.options().name())
                        + " names the model '" + model + "', which is not registered");
                }
            }
        }
    }
}
