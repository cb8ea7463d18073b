package io.fx.micronaut.examples.bodies;

import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.examples.blog.Post;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.web.BodyMediaType;
import io.fx.micronaut.web.BodySizeLimit;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The README's streamed body: {@code POST /api/posts/import} takes a CSV of {@code slug,title} lines, up to
 * 1 MiB, and creates a draft per line as it reads them, in one transaction. CSV and Markdown bodies are
 * admitted ({@link PostMarkdown} takes the latter).
 *
 * @since 0.7.0
 */
@Requires(env = "bodies")
// tag::import[]
@Factory
public class PostImport {

    static final MediaType CSV = MediaType.of("text/csv");
    static final MediaType MARKDOWN = MediaType.of("text/markdown");

    @Singleton
    BodyMediaType textBodies() {
        return type -> type.matches(CSV) || type.matches(MARKDOWN);
    }

    @Singleton
    BodySizeLimit importLimit() {
        return route -> route.findAction().filter(action -> action.path().equals("/posts/import")).isPresent()
            ? OptionalLong.of(1024 * 1024) : OptionalLong.empty();
    }

    @Singleton
    Action importPosts() {
        return Action.post("/posts/import", context -> context.transaction().run(() -> Map.of("imported", drafts(context))))
            .access(ActionAccess.PROTECTED);
    }

    private static int drafts(RequestContext context) {
        ModelAccessor posts = context.getModels().of(Post.class);
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                context.payload().getRequestBody().stream(), StandardCharsets.UTF_8))) {
            int created = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String[] cells = line.split(",", 2);
                posts.create(Map.of("slug", cells[0], "title", cells[1], "body", "(imported)"));
                created++;
            }
            return created;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
// end::import[]
