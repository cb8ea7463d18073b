package io.fx.micronaut.testsuite.pipeline;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Position;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.RequestObserver;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Test-only middleware for {@code MiddlewareTest}, fenced by spec.name. */
final class PipelineBeans {

    static final String SPEC = "MiddlewareTest";

    private PipelineBeans() {
    }

    /** Auth: reads X-User and fills the principal; aborts with 401 when X-Deny is set. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, models = "Widget", name = "header-auth")
    @Order(1)
    static class HeaderAuth implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            HttpRequest<?> request = context.getRequest().orElseThrow();
            PipelineTrace.mark(context, "auth");
            if (request.getHeaders().contains("X-Deny")) {
                context.abort(401, "UNAUTHORIZED", "denied by test");
                return;
            }
            String user = request.getHeaders().get("X-User");
            if (user != null) {
                context.setPrincipal(AuthInfo.of(user, "member"));
            }
            if (request.getHeaders().contains("X-Filter-Seen")) {
                context.response().setHeader("X-Filter-Seen-By-Auth", request.getHeaders().get("X-Filter-Seen"));
            }
            next.next();
        }
    }

    /** Registered second on Auth: sees the principal set by the first. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, models = "Widget")
    @Order(2)
    static class PrincipalEcho implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            PipelineTrace.mark(context, "auth2");
            context.response().setHeader("X-Thread", Thread.currentThread().getName());
            context.getPrincipal().ifPresent(p -> context.response().setHeader("X-Principal", p.userId()));
            next.next();
        }
    }

    /** Validate AFTER the default, on create only: the body is already validated and cast. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.VALIDATE, position = Position.AFTER, models = "Widget", operations = "CREATE")
    static class OwnerFromPrincipal implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            PipelineTrace.mark(context, "validate-after");
            context.getPrincipal().ifPresent(p -> context.payload().getBody().put("owner", p.userId()));
            next.next();
        }
    }

    /** Replaces the Response step for Widget reads: a custom body. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.RESPONSE, position = Position.REPLACE, models = "Widget", operations = "READ")
    static class CustomReadResponse implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            PipelineTrace.mark(context, "response-replaced");
            context.response().set(io.fx.micronaut.pipeline.FxResponse.of(200,
                java.util.Map.of("custom", true, "data", ((io.fx.micronaut.pipeline.OperationResult.RecordResult)
                    context.payload().getResult().orElseThrow()).record())));
            next.next();
        }
    }

    /** A Micronaut HTTP filter: router-level middleware, runs before Auth. */
    @Requires(property = "spec.name", value = SPEC)
    @ServerFilter("/api/widgets/**")
    static class RouterLevelFilter {
        @RequestFilter
        void mark(io.micronaut.http.MutableHttpRequest<?> request) {
            request.header("X-Filter-Seen", "yes");
        }
    }

    /** A value no JSON mapper knows how to write. */
    static final class Opaque {
        private final String secret;

        Opaque(String secret) {
            this.secret = secret;
        }

        @Override
        public String toString() {
            return "Opaque(" + secret + ")";
        }
    }

    /** Programmatic registrations and an observer. */
    @Requires(property = "spec.name", value = SPEC)
    @Singleton
    static class Configurer implements PipelineConfigurer {
        final List<String> observed = new CopyOnWriteArrayList<>();

        @Override
        public void configure(MiddlewareRegistry registry) {
            registry.use(Step.SERVICE, (context, next) -> {
                PipelineTrace.mark(context, "service-1");
                next.next();
            }, MiddlewareOptions.before().models("Widget").named("service-1"));
            registry.use(Step.SERVICE, (context, next) -> {
                PipelineTrace.mark(context, "service-2");
                if ("forbidden".equals(context.payload().getBody() == null ? null : context.payload().getBody().get("name"))) {
                    context.abort(403, "FORBIDDEN", "that name is not allowed");
                    return;
                }
                next.next();
            }, MiddlewareOptions.before().models("Widget").operations(Operation.CREATE, Operation.UPDATE));
            registry.use(Step.DB, (context, next) -> {
                next.next();
                PipelineTrace.mark(context, "db-after");
            }, MiddlewareOptions.after().models("Widget"));
            registry.use(Step.SERVICE, (context, next) -> {
                if (context.getRequest().map(r -> r.getHeaders().contains("X-Abort-Then-Next")).orElse(false)) {
                    context.abort(418, "TEAPOT", "aborted but continued");
                    next.next();
                    return;
                }
                next.next();
            }, MiddlewareOptions.before().models("Widget"));
            registry.use(Step.RESPONSE, (context, next) -> {
                next.next();
                if (context.getRequest().map(r -> r.getHeaders().contains("X-Unserialisable")).orElse(false)) {
                    context.response().set(io.fx.micronaut.pipeline.FxResponse.of(200,
                        java.util.Map.of("data", new Opaque("internal-detail"))));
                }
            }, MiddlewareOptions.after().models("Widget"));
            registry.use(Step.AUTH, (context, next) -> {
                context.response().setHeader("X-Article-Only", "yes");
                next.next();
            }, MiddlewareOptions.before().models("Article"));
            registry.observe(new RequestObserver() {
                @Override
                public void onComplete(RequestContext context, int status, long durationNanos) {
                    observed.add(context.getModel().getName() + " " + context.getOperation() + " " + status);
                }
            });
        }
    }
}
