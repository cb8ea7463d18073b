package io.fx.micronaut.pipeline;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.order.Ordered;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How {@link CompiledPipeline} assembles chains, without a bean context: the default steps in their fixed
 * order; within a step the {@code BEFORE} registrations in registration order (annotated beans, then the
 * configurers in {@code @Order} order, then the model's own list), then the {@code REPLACE} ones or the
 * default, then {@code AFTER}; model and operation filters; model-bound middleware bound at compile time;
 * the shortened chains of custom actions and the Auth-step introspection production validation uses.
 */
class CompiledPipelineTest {

    private static final Set<Operation> GENERATED = Set.copyOf(Operation.generated());

    private static final List<String> DEFAULTS = List.of("AUTH", "DESERIALIZE", "VALIDATE", "SERVICE", "DB", "RESPONSE");

    private final List<String> ran = new ArrayList<>();
    private final ModelDescriptor post = ModelDescriptor.builder("Post", Post.class, "posts").build();
    private final ModelDescriptor note = ModelDescriptor.synthetic("Note", "notes").build();
    private final Map<Class<?>, Object> beans = Map.of(Audit.class, new Audit(ran), Gate.class, new Gate(ran));

    @Test
    void withoutRegistrationsEveryStepRunsItsDefaultInTheFixedOrder() {
        CompiledPipeline pipeline = compile(List.of());
        assertEquals(DEFAULTS, run(pipeline, note, Operation.READ));
        assertEquals(DEFAULTS.size(), pipeline.chain(note, Operation.CREATE).size());
    }

    @Test
    void beforeRegistrationsThenReplacementsInsteadOfTheDefaultThenAfterOnes() {
        CompiledPipeline pipeline = compile(List.of(registry -> registry
            .use(Step.SERVICE, record("after-1"), MiddlewareOptions.after())
            .use(Step.SERVICE, record("before-1"))
            .use(Step.SERVICE, record("replace-1"), MiddlewareOptions.replace())
            .use(Step.SERVICE, record("before-2"), MiddlewareOptions.before())
            .use(Step.SERVICE, record("after-2"), MiddlewareOptions.after())
            .use(Step.SERVICE, record("replace-2"), MiddlewareOptions.replace())
            .use(Step.DB, record("db-after"), MiddlewareOptions.after())));
        assertEquals(List.of("AUTH", "DESERIALIZE", "VALIDATE",
                "before-1", "before-2", "replace-1", "replace-2", "after-1", "after-2", "DB", "db-after", "RESPONSE"),
            run(pipeline, note, Operation.UPDATE));
    }

    @Test
    void annotatedBeansRegisterFirstThenTheConfigurersInTheirOrder() {
        List<Registration> annotated = List.of(new Registration(Step.AUTH, record("annotated"), MiddlewareOptions.DEFAULT));
        PipelineConfigurer late = ordered(20, registry -> registry.use(Step.AUTH, record("order-20")));
        PipelineConfigurer early = ordered(10, registry -> registry.use(Step.AUTH, record("order-10")));
        CompiledPipeline pipeline = compile(annotated, List.of(late, early), defaults(true));
        assertEquals(List.of("annotated", "order-10", "order-20", "AUTH"), run(pipeline, note, Operation.LIST).subList(0, 4));
    }

    @Test
    void modelAndOperationFiltersChooseTheChainsARegistrationJoins() {
        CompiledPipeline pipeline = compile(List.of(registry -> registry
            .use(Step.SERVICE, record("posts"), MiddlewareOptions.before().models("Post"))
            .use(Step.SERVICE, record("creates"), MiddlewareOptions.before().operations(Operation.CREATE))
            .use(Step.SERVICE, record("post-deletes"), MiddlewareOptions.replace().models("Post").operations(Operation.DELETE))));
        assertEquals(List.of("posts", "creates", "Audit", "SERVICE"), serviceStep(run(pipeline, post, Operation.CREATE)));
        assertEquals(List.of("posts", "Audit", "SERVICE"), serviceStep(run(pipeline, post, Operation.READ)));
        assertEquals(List.of("posts", "Audit", "post-deletes"), serviceStep(run(pipeline, post, Operation.DELETE)));
        assertEquals(List.of("creates", "SERVICE"), serviceStep(run(pipeline, note, Operation.CREATE)));
        assertEquals(List.of("SERVICE"), serviceStep(run(pipeline, note, Operation.DELETE)));
    }

    @Test
    void aModelsOwnMiddlewareFollowsTheGlobalBeforeRegistrationsOfItsStep() {
        CompiledPipeline pipeline = compile(List.of(registry -> registry
            .use(Step.AUTH, record("auth-after"), MiddlewareOptions.after())
            .use(Step.AUTH, record("auth-before"))));
        assertEquals(List.of("auth-before", "Gate", "AUTH", "auth-after"), run(pipeline, post, Operation.READ).subList(0, 4));
        assertEquals(List.of("auth-before", "AUTH", "auth-after"), run(pipeline, note, Operation.READ).subList(0, 3),
            "another model's chain does not hold it");
    }

    @Test
    void aModelsMiddlewareThatIsNoBeanFailsStartupNamingIt() {
        FxConfigurationException e = assertThrows(FxConfigurationException.class, () -> new CompiledPipeline(List.of(),
            type -> Optional.empty(), new FixedModels(post), GENERATED, defaults(true), List.of(), List.of(), TraceSettings.OFF));
        assertTrue(e.getMessage().contains("Post") && e.getMessage().contains(Gate.class.getName()), e.getMessage());
    }

    @Test
    void modelBoundMiddlewareIsBoundOnceForEachModelItCoversBeforeAnyRequest() {
        Binding everywhere = new Binding();
        Binding posts = new Binding();
        Binding creates = new Binding();
        compile(List.of(registry -> registry
            .use(Step.VALIDATE, everywhere)
            .use(Step.VALIDATE, posts, MiddlewareOptions.before().models("Post"))
            .use(Step.VALIDATE, creates, MiddlewareOptions.after().operations(Operation.CREATE))));
        assertEquals(List.of(post, note), everywhere.bound);
        assertEquals(List.of(post), posts.bound);
        assertEquals(List.of(post, note), creates.bound, "an operation filter still covers every model");
        assertEquals(List.of(post), ((Gate) beans.get(Gate.class)).bound, "a model's own middleware is bound to it alone");
        assertEquals(List.of(), ran, "no chain ran");
    }

    @Test
    void aBindingRefusalFailsStartup() {
        ModelBoundMiddleware refusing = new ModelBoundMiddleware() {
            @Override
            public void bind(ModelDescriptor model) {
                throw new FxConfigurationException("Middleware needs a field 'owner_id' on " + model.getName());
            }

            @Override
            public void handle(RequestContext context, Next next) {
                next.next();
            }
        };
        FxConfigurationException e = assertThrows(FxConfigurationException.class,
            () -> compile(List.of(registry -> registry.use(Step.AUTH, refusing, MiddlewareOptions.before().models("Note")))));
        assertEquals("Middleware needs a field 'owner_id' on Note", e.getMessage());
    }

    @Test
    void misconfigurationsFailStartup() {
        assertThrows(FxConfigurationException.class, () -> compile(List.of(registry ->
            registry.use(Step.AUTH, record("x"), MiddlewareOptions.before().models("Nope")))), "an unknown model");
        assertThrows(FxConfigurationException.class, () -> compile(List.of(registry ->
            registry.use(Step.DB, new TransactionMiddleware()))), "a transaction that does not wrap the Service step");
        List<PipelineStep> missing = new ArrayList<>(defaults(true));
        missing.remove(0);
        assertThrows(FxConfigurationException.class, () -> compile(List.of(), List.of(), missing), "a missing default");
        List<PipelineStep> twice = new ArrayList<>(defaults(true));
        twice.add(new DefaultStep(Step.DB, ran, true));
        assertThrows(FxConfigurationException.class, () -> compile(List.of(), List.of(), twice), "two defaults of a step");
    }

    @Test
    void anActionChainRunsTheAuthStepItsOwnMiddlewareTheHandlerAndTheResponseStep() {
        CompiledPipeline pipeline = compile(List.of(registry -> registry
            .use(Step.AUTH, record("all"))
            .use(Step.AUTH, record("actions"), MiddlewareOptions.after().operations(Operation.ACTION))
            .use(Step.AUTH, record("reads"), MiddlewareOptions.before().operations(Operation.READ))
            .use(Step.AUTH, record("posts"), MiddlewareOptions.before().models("Post"))
            .use(Step.SERVICE, record("service"))
            .use(Step.RESPONSE, record("response"), MiddlewareOptions.replace())));
        Chain chain = pipeline.compileAction("ping", List.of(record("own")), record("handler"));
        chain.run(context(note, Operation.ACTION));
        assertEquals(List.of("all", "AUTH", "actions", "own", "handler", "response"), ran);
    }

    @Test
    void theAuthStepIntrospectionLeavesTheShippedDefaultOut() {
        Middleware guard = record("guard");
        Middleware actions = record("actions");
        CompiledPipeline pipeline = compile(List.of(registry -> registry
            .use(Step.AUTH, guard, MiddlewareOptions.before().models("Post"))
            .use(Step.AUTH, actions, MiddlewareOptions.after().operations(Operation.ACTION))));
        assertTrue(pipeline.hasAuthMiddleware(post, Operation.READ));
        assertFalse(pipeline.hasAuthMiddleware(note, Operation.READ));
        assertEquals(List.of(guard, beans.get(Gate.class)), pipeline.authMiddleware(post, Operation.READ),
            "in chain order, the model's own middleware included");
        assertEquals(List.of(), pipeline.authMiddleware(note, Operation.READ));
        assertTrue(pipeline.hasActionAuthMiddleware());
        assertEquals(List.of(actions), pipeline.actionAuthMiddleware());

        List<PipelineStep> replaced = defaults(false);
        CompiledPipeline custom = compile(List.of(), List.of(), replaced);
        assertTrue(custom.hasAuthMiddleware(note, Operation.READ), "a replaced default authenticates everything");
        assertEquals(List.of(replaced.get(0)), custom.authMiddleware(note, Operation.READ));
        assertEquals(List.of(replaced.get(0)), custom.actionAuthMiddleware());
    }

    @Test
    void observersOfBeansComeBeforeThoseOfConfigurers() {
        RequestObserver bean = new RequestObserver() { };
        RequestObserver configured = new RequestObserver() { };
        CompiledPipeline pipeline = new CompiledPipeline(List.of(), this::bean, new FixedModels(post, note), GENERATED, defaults(true),
            List.of(registry -> registry.observe(configured)), List.of(bean), TraceSettings.OFF);
        assertEquals(2, pipeline.observers().size());
        assertSame(bean, pipeline.observers().get(0));
        assertSame(configured, pipeline.observers().get(1));
    }

    @Test
    void tracingWrapsEveryElementWithoutChangingTheOrder() {
        CompiledPipeline pipeline = new CompiledPipeline(List.of(), this::bean, new FixedModels(post, note), GENERATED, defaults(true),
            List.of(registry -> registry.use(Step.DB, record("db-before"))), List.of(), TraceSettings.TIMINGS_AND_ABORTS);
        assertEquals(List.of("AUTH", "DESERIALIZE", "VALIDATE", "SERVICE", "db-before", "DB", "RESPONSE"),
            run(pipeline, note, Operation.LIST));
    }

    private CompiledPipeline compile(List<PipelineConfigurer> configurers) {
        return compile(List.of(), configurers, defaults(true));
    }

    private CompiledPipeline compile(List<Registration> annotated, List<PipelineConfigurer> configurers,
                                     List<PipelineStep> steps) {
        return new CompiledPipeline(annotated, this::bean, new FixedModels(post, note), GENERATED, steps, configurers, List.of(),
            TraceSettings.OFF);
    }

    private Optional<?> bean(Class<?> type) {
        return Optional.ofNullable(beans.get(type));
    }

    private List<PipelineStep> defaults(boolean shipped) {
        return Arrays.stream(Step.values()).<PipelineStep>map(step -> new DefaultStep(step, ran, shipped)).toList();
    }

    private List<String> run(CompiledPipeline pipeline, ModelDescriptor model, Operation operation) {
        ran.clear();
        pipeline.chain(model, operation).run(context(model, operation));
        return List.copyOf(ran);
    }

    private static RequestContext context(ModelDescriptor model, Operation operation) {
        return RequestContext.builder(operation).requestId("r1").model(model).build();
    }

    /** The part of a run between the Validate and DB defaults. */
    private static List<String> serviceStep(List<String> ran) {
        return ran.subList(ran.indexOf("VALIDATE") + 1, ran.indexOf("DB"));
    }

    private Middleware record(String name) {
        return new Recording(name, ran);
    }

    private static PipelineConfigurer ordered(int order, PipelineConfigurer configurer) {
        return new OrderedConfigurer(order, configurer);
    }

    /** Notes its name and continues. */
    private record Recording(String name, List<String> ran) implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            ran.add(name);
            next.next();
        }
    }

    /** A default step that notes its step, shipped or an application's replacement. */
    private record DefaultStep(Step step, List<String> ran, boolean shipped) implements PipelineStep, ShippedStep {
        @Override
        public void handle(RequestContext context, Next next) {
            ran.add(step.name());
            next.next();
        }

        @Override
        public boolean isShipped() {
            return shipped;
        }
    }

    private record OrderedConfigurer(int order, PipelineConfigurer delegate) implements PipelineConfigurer, Ordered {
        @Override
        public void configure(MiddlewareRegistry registry) {
            delegate.configure(registry);
        }

        @Override
        public int getOrder() {
            return order;
        }
    }

    /** Notes every model it is bound to. */
    private static final class Binding implements ModelBoundMiddleware {
        final List<ModelDescriptor> bound = new ArrayList<>();

        @Override
        public void bind(ModelDescriptor model) {
            bound.add(model);
        }

        @Override
        public void handle(RequestContext context, Next next) {
            next.next();
        }
    }

    /** A model with its own middleware on two steps. */
    @Introspected
    @FxModelMiddleware(step = Step.AUTH, value = Gate.class)
    @FxModelMiddleware(step = Step.SERVICE, value = Audit.class)
    public static class Post extends BaseModel {
    }

    /** Post's Service-step middleware. */
    static final class Audit implements Middleware {
        private final List<String> ran;

        Audit(List<String> ran) {
            this.ran = ran;
        }

        @Override
        public void handle(RequestContext context, Next next) {
            ran.add("Audit");
            next.next();
        }
    }

    /** Post's Auth-step middleware, bound to its model. */
    static final class Gate implements ModelBoundMiddleware {
        final List<ModelDescriptor> bound = new ArrayList<>();
        private final List<String> ran;

        Gate(List<String> ran) {
            this.ran = ran;
        }

        @Override
        public void bind(ModelDescriptor model) {
            bound.add(model);
        }

        @Override
        public void handle(RequestContext context, Next next) {
            ran.add("Gate");
            next.next();
        }
    }
}
