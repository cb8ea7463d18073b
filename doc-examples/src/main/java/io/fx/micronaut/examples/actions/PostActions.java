package io.fx.micronaut.examples.actions;

import io.fx.micronaut.accessor.ModelAccessor;
import io.fx.micronaut.action.Action;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.events.EventBus;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.examples.blog.Post;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.production.PublicAccess;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.Map;

/**
 * The README's custom action: publishes a draft post in one transaction, under a row lock, through
 * the same field rules as {@code PATCH}, with a {@code post.published} event; and the declaration that post and tag reads are public.
 *
 * @since 0.2.0
 */
// tag::actions[]
@Factory
public class PostActions {

    /** {@code POST /api/posts/{id}/publish}: Auth, then the handler, then Response. */
    @Singleton
    Action publish(EventBus events) {
        return Action.post("/posts/{id}/publish", context -> context.transaction().run(() -> {
                ModelAccessor posts = context.getModels().of(Post.class);
                String id = context.view().getPathParameter("id").orElseThrow();
                Map<String, Object> post = posts.lockForUpdate(id)
                    .filter(found -> mayPublish(context.getPrincipal().orElse(null), found))
                    .orElseThrow(() -> ErrorCode.NOT_FOUND.exception("Post not found"));
                if (!"draft".equals(post.get("status"))) {
                    throw new FxException(409, "NOT_A_DRAFT", "only drafts can be published");
                }
                Map<String, Object> published = posts.update(id, Map.of("status", "published",
                    "published_at", Instant.now().toString())).orElseThrow();
                // sent only if the transaction commits
                events.publish(context, "post.published", "posts/" + id, Map.of("id", id, "title", post.get("title")));
                return Map.of("id", id, "status", published.get("status"));
            }))
            .access(ActionAccess.PROTECTED)
            .openApi(ActionOpenApi.NONE.summary("Publish a draft post")
                .responseSchema(Map.of("type", "object")));
    }

    /** Signed in, only the owner or an admin publishes; someone else's post is as missing as an unknown one. */
    private static boolean mayPublish(AuthInfo caller, Map<String, Object> post) {
        return caller == null || caller.hasRole("admin") || caller.userId().equals(post.get("owner_id"));
    }

    /** Reading posts and tags needs no sign-in; production validation accepts these without Auth middleware. */
    // tag::public-reads[]
    @Singleton
    PublicAccess publicReads() {
        return PublicAccess.models("Post", "Tag").operations(Operation.LIST, Operation.READ);
    }
    // end::public-reads[]
}
// end::actions[]
