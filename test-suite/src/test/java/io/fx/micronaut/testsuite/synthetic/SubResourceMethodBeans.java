package io.fx.micronaut.testsuite.synthetic;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.web.BodySizeLimit;
import io.fx.micronaut.web.RouteTarget;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpMethod;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * For {@code SubResourceMethodsTest}: a memo's {@code attachments} (GET to list, POST a binary body to add one,
 * answered 201, DELETE to drop them all, 204), guarded on POST by the ATTACH operation's middleware, with a
 * 16-byte body limit; and a POST-only {@code receipt} answering 202.
 */
final class SubResourceMethodBeans {

    static final String SPEC = "SubResourceMethodsTest";
    static final Operation ATTACH = Operation.named("ATTACH");
    static final int ATTACHMENT_LIMIT = 16;

    private SubResourceMethodBeans() {
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Attachments implements SubResource {
        private final Map<String, List<Map<String, Object>>> stored = new ConcurrentHashMap<>();

        @Override
        @NonNull
        public String name() {
            return "attachments";
        }

        @Override
        @NonNull
        public Operation operation() {
            return Operation.READ;
        }

        @Override
        @NonNull
        public Set<HttpMethod> methods() {
            return Set.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.DELETE);
        }

        @Override
        @NonNull
        public Operation operation(@NonNull HttpMethod method) {
            return switch (method) {
                case POST -> ATTACH;
                case DELETE -> Operation.DELETE;
                default -> operation();
            };
        }

        @Override
        public int status(@NonNull HttpMethod method) {
            return method == HttpMethod.POST ? 201 : SubResource.super.status(method);
        }

        @Override
        public boolean appliesTo(@NonNull ModelDescriptor model) {
            return model.getName().equals("Memo");
        }

        @Override
        @Nullable
        public Object load(@NonNull RequestContext context) {
            String id = (String) context.getStoredRecord().orElseThrow().get("id");
            List<Map<String, Object>> mine = stored.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>());
            switch (context.getRequest().orElseThrow().getMethod()) {
                case POST -> {
                    Map<String, Object> added = Map.of("name", context.view().getHeader("X-File-Name").orElse("unnamed"),
                        "bytes", size(context));
                    mine.add(added);
                    return added;
                }
                case DELETE -> {
                    mine.clear();
                    return null;
                }
                default -> {
                    return List.copyOf(mine);
                }
            }
        }

        private static long size(RequestContext context) {
            try (InputStream in = context.payload().getRequestBody().stream()) {
                return in.transferTo(java.io.OutputStream.nullOutputStream());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Receipt implements SubResource {
        @Override
        @NonNull
        public String name() {
            return "receipt";
        }

        @Override
        @NonNull
        public Operation operation() {
            return Operation.ACTION;
        }

        @Override
        @NonNull
        public Set<HttpMethod> methods() {
            return Set.of(HttpMethod.POST);
        }

        @Override
        public boolean appliesTo(@NonNull ModelDescriptor model) {
            return model.getName().equals("Memo");
        }

        @Override
        @NonNull
        public Object load(@NonNull RequestContext context) {
            String id = (String) context.getStoredRecord().orElseThrow().get("id");
            return FxResponse.of(202, Map.of("queued", id)).withHeader("Location", "/api/memos/" + id + "/receipt");
        }
    }

    /** Only attachers attach: the ATTACH pipeline runs this, the READ and DELETE pipelines do not. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, operations = "ATTACH")
    static class AttachersOnly implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            if (context.view().getHeader("X-Attacher").isEmpty()) {
                throw ErrorCode.FORBIDDEN.exception("attachers only");
            }
            next.next();
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class AttachmentLimit implements BodySizeLimit {
        @Override
        @NonNull
        public OptionalLong maxBodySize(@NonNull RouteTarget route) {
            return route.findSubResource().filter(sub -> sub.name().equals("attachments")).isPresent()
                ? OptionalLong.of(ATTACHMENT_LIMIT) : OptionalLong.empty();
        }
    }
}
