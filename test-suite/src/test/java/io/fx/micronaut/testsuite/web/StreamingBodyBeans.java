package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestBody;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.web.BodySizeLimit;
import io.fx.micronaut.web.RouteTarget;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * For {@code StreamingBodyTest} (which admits binary and multipart bodies): upload actions that stream their
 * body, and a {@link BodySizeLimit} giving the uploads 1024 bytes and a gadget's create 200.
 */
final class StreamingBodyBeans {

    static final String SPEC = "StreamingBodyTest";
    static final int UPLOAD_LIMIT = 1024;
    static final int CREATE_LIMIT = 200;

    private StreamingBodyBeans() {
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Limits implements BodySizeLimit {
        @Override
        @NonNull
        public OptionalLong maxBodySize(@NonNull RouteTarget route) {
            if (route.findAction().filter(action -> action.path().startsWith("/uploads/")).isPresent()) {
                return OptionalLong.of(UPLOAD_LIMIT);
            }
            boolean gadgetCreate = route.operation().equals(Operation.CREATE)
                && route.findModel().filter(model -> model.getName().equals("Gadget")).isPresent();
            return gadgetCreate ? OptionalLong.of(CREATE_LIMIT) : OptionalLong.empty();
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Uploads {

        /** Counts the body's bytes as they arrive. */
        @Singleton
        Action count() {
            return Action.post("/uploads/count", context -> {
                RequestBody body = context.payload().getRequestBody();
                try (InputStream in = body.stream()) {
                    long bytes = in.transferTo(OutputStream.nullOutputStream());
                    return Map.of("bytes", bytes, "max", body.maxSize());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).access(ActionAccess.PUBLIC);
        }

        /** Answers with the body's first four bytes, before the rest has been sent. */
        @Singleton
        Action first() {
            return Action.post("/uploads/first", context -> {
                try (InputStream in = context.payload().getRequestBody().stream()) {
                    return Map.of("first", new String(in.readNBytes(4), StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).access(ActionAccess.PUBLIC);
        }

        /** Counts the body too, for callers with {@code X-Uploader} only (its own middleware, before the handler). */
        @Singleton
        Action guarded() {
            return Action.post("/uploads/guarded", context -> Map.of("bytes", context.payload().getRequestBody().bytes().length))
                .middleware((context, next) -> {
                    if (context.view().getHeader("X-Uploader").isEmpty()) {
                        throw ErrorCode.FORBIDDEN.exception("uploaders only");
                    }
                    next.next();
                }).access(ActionAccess.PUBLIC);
        }

        /** Reads a multipart/form-data body from the stream: each part's name, file name and size. */
        @Singleton
        Action parts() {
            return Action.post("/uploads/parts", StreamingBodyBeans::parts).access(ActionAccess.PUBLIC);
        }
    }

    private static Map<String, Object> parts(RequestContext context) {
        String type = context.view().getHeader("Content-Type").orElseThrow();
        String boundary = "--" + MediaType.of(type).getParameters().get("boundary").orElseThrow();
        List<Map<String, Object>> parts = new ArrayList<>();
        try (InputStream in = context.payload().getRequestBody().stream()) {
            String line = line(in);
            while (line != null && line.equals(boundary)) {
                Map<String, Object> part = new LinkedHashMap<>();
                for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
                    for (String attribute : header.split(";")) {
                        String[] pair = attribute.trim().split("=", 2);
                        if (pair.length == 2) {
                            part.put(pair[0], pair[1].replace("\"", ""));
                        }
                    }
                }
                ByteArrayOutputStream content = new ByteArrayOutputStream();
                for (line = line(in); line != null && !line.startsWith(boundary); line = line(in)) {
                    content.writeBytes((content.size() == 0 ? line : "\n" + line).getBytes(StandardCharsets.ISO_8859_1));
                }
                part.put("bytes", content.size());
                parts.add(part);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("parts", parts);
    }

    /** A CRLF-ended line of the stream, or null at its end. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                return line.toString(StandardCharsets.ISO_8859_1).replaceAll("\r$", "");
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }
}
