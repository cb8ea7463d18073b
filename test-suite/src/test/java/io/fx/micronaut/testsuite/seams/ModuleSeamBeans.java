package io.fx.micronaut.testsuite.seams;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionRegistrar;
import io.fx.micronaut.action.ActionRegistry;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationCatalog;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.web.BodyMediaType;
import io.fx.micronaut.web.BodySizeLimit;
import io.fx.micronaut.web.RouteTarget;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Introspected;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/** Beans of {@link ModuleSeamsTest}: what a module builds on the core seams added for file fields. */
final class ModuleSeamBeans {

    static final String SPEC = "ModuleSeamsTest";
    static final Operation EXPORT = Operation.named("EXPORT");

    private ModuleSeamBeans() {
    }

    /** A model with two sub-resource names of one sub-resource. */
    @Introspected
    public static class Gizmo extends BaseModel {
        private String title;

        public String getTitle() { return title; }
        public void setTitle(String title) { this.title = title; }
    }

    /** An action running an operation of its own, reading its body as a stream. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class Exports implements ActionRegistrar {
        @Override
        public void register(@NonNull ActionRegistry registry) {
            registry.add(Action.post("/exports", context -> {
                try (InputStream in = context.payload().getRequestBody().stream()) {
                    return Map.of("operation", context.getOperation().name(), "bytes", in.readAllBytes().length);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).operation(EXPORT).access(ActionAccess.PUBLIC));
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class ExportCatalog implements OperationCatalog {
        @Override
        @NonNull
        public Collection<Operation> operations() {
            return List.of(EXPORT);
        }
    }

    /** Auth-step middleware for EXPORT alone: marks the answers it covers. */
    @FxMiddleware(step = Step.AUTH, operations = "EXPORT")
    @Requires(property = "spec.name", value = SPEC)
    static final class ExportAuth implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            context.response().setHeader("X-Export-Auth", context.getOperation().name());
            next.next();
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class CsvBodies implements BodyMediaType {
        @Override
        public boolean admits(@NonNull MediaType type) {
            return type.getName().equals("text/csv");
        }
    }

    /** CSV bodies of the export action may hold 8 bytes; its JSON bodies keep the default limit. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class CsvLimit implements BodySizeLimit {
        @Override
        @NonNull
        public OptionalLong maxBodySize(@NonNull RouteTarget route) {
            return OptionalLong.empty();
        }

        @Override
        @NonNull
        public OptionalLong maxBodySize(@NonNull RouteTarget route, @Nullable MediaType contentType) {
            boolean csv = contentType != null && contentType.getName().equals("text/csv");
            return csv && EXPORT.equals(route.operation()) ? OptionalLong.of(8) : OptionalLong.empty();
        }
    }

    /** One sub-resource under two names per gizmo, answering the name it was asked by. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static final class Facets implements SubResource {
        @Override
        @NonNull
        public String name() {
            return "facet";
        }

        @Override
        @NonNull
        public Set<String> names(@NonNull ModelDescriptor model) {
            return Set.of("alpha", "beta");
        }

        @Override
        @NonNull
        public Operation operation() {
            return Operation.READ;
        }

        @Override
        public boolean appliesTo(@NonNull ModelDescriptor model) {
            return model.getName().equals("Gizmo");
        }

        @Override
        public Object load(@NonNull RequestContext context) {
            String path = context.getRequest().orElseThrow().getPath();
            return Map.of("facet", path.substring(path.lastIndexOf('/') + 1));
        }
    }

    /** A body set before the Deserialize step's default is kept: a create sent as plain text, read here. */
    @FxMiddleware(step = Step.DESERIALIZE, operations = "CREATE", models = "Gizmo")
    @Requires(property = "spec.name", value = SPEC)
    static final class PlainTitle implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            if (context.view().getHeader("Content-Type").orElse("").startsWith("text/csv")) {
                String title = new String(context.payload().getRequestBody().bytes(), StandardCharsets.UTF_8);
                context.payload().setBody(new java.util.LinkedHashMap<>(Map.of("title", title)));
            }
            next.next();
        }
    }
}
