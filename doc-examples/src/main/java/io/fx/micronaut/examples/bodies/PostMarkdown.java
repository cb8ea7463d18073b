package io.fx.micronaut.examples.bodies;

import io.fx.micronaut.examples.blog.Post;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.SubResource;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpMethod;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The README's download and sub-resource method: {@code GET /api/posts/{id}/markdown} downloads a post as a
 * Markdown file; {@code PUT} of a {@code text/markdown} body replaces the post's body, through the UPDATE
 * pipeline, and redirects (303) to the post.
 *
 * @since 0.7.0
 */
@Requires(env = "bodies")
// tag::markdown[]
@Singleton
public class PostMarkdown implements SubResource {

    @Override
    public String name() {
        return "markdown";
    }

    @Override
    public Operation operation() {
        return Operation.READ;
    }

    @Override
    public Set<HttpMethod> methods() {
        return Set.of(HttpMethod.GET, HttpMethod.PUT);
    }

    @Override
    public Operation operation(HttpMethod method) {
        return method == HttpMethod.PUT ? Operation.UPDATE : Operation.READ;
    }

    @Override
    public boolean appliesTo(ModelDescriptor model) {
        return model.getType() == Post.class;
    }

    @Override
    public Object load(RequestContext context) {
        Map<String, Object> post = context.getStoredRecord().orElseThrow();
        String path = "/api/posts/" + post.get("id");
        if (context.getRequest().orElseThrow().getMethod() == HttpMethod.PUT) {
            String markdown = new String(context.payload().getRequestBody().bytes(), StandardCharsets.UTF_8);
            context.getModels().of(Post.class).update((String) post.get("id"), Map.of("body", markdown));
            return FxResponse.redirect(303, path);
        }
        byte[] file = ("# " + post.get("title") + "\n\n" + post.get("body") + "\n").getBytes(StandardCharsets.UTF_8);
        return FxResponse.bytes(200, "text/markdown; charset=utf-8", file).attachment(post.get("slug") + ".md");
    }
}
// end::markdown[]
