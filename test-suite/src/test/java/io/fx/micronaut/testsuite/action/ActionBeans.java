package io.fx.micronaut.testsuite.action;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.action.ActionParameter;
import io.fx.micronaut.action.ActionRegistrar;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.MiddlewareRegistry;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.model.Widget;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Actions and global middleware for {@code ActionTest}, fenced by spec.name. */
final class ActionBeans {

    static final String SPEC = "ActionTest";

    private ActionBeans() {
    }

    private static void mark(RequestContext context, String header) {
        context.response().setHeader(header, "yes");
    }

    /** @return middleware that marks its header and goes on */
    private static Middleware marker(String header) {
        return (context, next) -> {
            mark(context, header);
            next.next();
        };
    }

    /** Global Auth middleware: X-User fills the principal, X-Deny answers 401. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH)
    static class HeaderAuth implements Middleware {
        @Override
        public void handle(RequestContext context, Next next) {
            mark(context, "X-Auth-Ran");
            var headers = context.getRequest().orElseThrow().getHeaders();
            if (headers.contains("X-Deny")) {
                context.abort(401, "UNAUTHORIZED", "denied");
                return;
            }
            String user = headers.get("X-User");
            if (user != null) {
                context.setPrincipal(AuthInfo.of(user, "member"));
            }
            next.next();
        }
    }

    /** Global markers before Validate, Service and after DB (never run for actions), and after Response. */
    @Requires(property = "spec.name", value = SPEC)
    @Singleton
    static class Markers implements PipelineConfigurer {
        @Override
        public void configure(MiddlewareRegistry registry) {
            registry.use(Step.VALIDATE, marker("X-Ran-Validate"))
                .use(Step.SERVICE, marker("X-Ran-Service"))
                .use(Step.DB, marker("X-Ran-Db"), MiddlewareOptions.after())
                .use(Step.RESPONSE, marker("X-Response-After"), MiddlewareOptions.after());
        }
    }

    /** Actions declared as beans. */
    @Requires(property = "spec.name", value = SPEC)
    @Factory
    static class Actions {

        private final JsonMapper json;

        Actions(JsonMapper json) {
            this.json = json;
        }

        @Singleton
        Action report() {
            return Action.get("/reports/{kind}/{year}", context -> {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("kind", context.view().getPathParameter("kind").orElseThrow());
                body.put("year", context.view().getPathParameter("year").orElseThrow());
                body.put("user", context.getPrincipal().map(AuthInfo::userId).orElse(null));
                body.put("operation", context.getOperation().name());
                body.put("thread", Thread.currentThread().getName());
                return body;
            }).middleware(marker("X-Action-Middleware")).access(ActionAccess.PUBLIC).openApi(ActionOpenApi.NONE
                .summary("A report")
                .responseSchema(Map.of("type", "object"))
                .queryParameters(new ActionParameter("format", null, "csv or json", false, Map.of("type", "string")),
                    new ActionParameter("X-Trace", "header", null, false, Map.of("type", "string"))));
        }

        @Singleton
        Action empty() {
            return Action.get("/empty", context -> null).access(ActionAccess.PUBLIC);
        }

        @Singleton
        Action gated() {
            Middleware gate = (context, next) -> context.abort(403, "FORBIDDEN", "gated");
            return Action.get("/gated", context -> {
                mark(context, "X-Handler-Ran");
                return Map.of();
            }).middleware(gate).access(ActionAccess.PROTECTED);
        }

        /** Renames a widget in a manual transaction through the accessors; the name "fail" rolls back. */
        @Singleton
        Action rename() {
            return Action.post("/widgets/{id}/rename", context -> {
                Map<String, Object> body = read(context.payload().getRawBody());
                String id = context.view().getPathParameter("id").orElseThrow();
                return context.transaction().run(() -> {
                    var widgets = context.getModels().of(Widget.class);
                    widgets.lockForUpdate(id).orElseThrow(() -> ErrorCode.NOT_FOUND.exception("Widget not found"));
                    Map<String, Object> updated = widgets.update(id, Map.of("name", body.get("name"))).orElseThrow();
                    if ("fail".equals(body.get("name"))) {
                        throw ErrorCode.VALIDATION_ERROR.exception("fail is not a name");
                    }
                    return Map.of("data", updated);
                });
            }).access(ActionAccess.PROTECTED);
        }

        @Singleton
        Action nested() {
            return Action.post("/nested", context -> context.transaction().run(() -> context.transaction().run(() -> "never")))
                .access(ActionAccess.PROTECTED);
        }

        private Map<String, Object> read(byte[] raw) {
            try {
                return json.readValue(raw, Argument.mapOf(String.class, Object.class));
            } catch (IOException e) {
                throw ErrorCode.INVALID_JSON.exception("not JSON");
            }
        }
    }

    /** An action registered programmatically, on a one-segment literal path that is no collection. */
    @Requires(property = "spec.name", value = SPEC)
    @Singleton
    static class Registrar implements ActionRegistrar {
        @Override
        public void register(io.fx.micronaut.action.ActionRegistry registry) {
            registry.add(Action.get("/stats", context -> Map.of("widgets",
                    context.getModels().of("Widget").list("").total()))
                .access(ActionAccess.PUBLIC));
        }
    }
}
