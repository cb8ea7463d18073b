package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import jakarta.validation.Valid;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /api/posts}: read, list, create, update and delete, answering the same JSON shapes as fx-micronaut.
 * JDBC work runs on the blocking executor.
 *
 * @since 0.1.0
 */
@Controller("/api/posts")
@ExecuteOn(TaskExecutors.BLOCKING)
public class PostController {

    private final PostRepository posts;

    /**
     * @param posts the repository
     */
    public PostController(PostRepository posts) {
        this.posts = posts;
    }

    /**
     * @param id the post id
     * @return the post
     */
    @Get("/{id}")
    public DataEnvelope read(@PathVariable String id) {
        return new DataEnvelope(posts.findById(id).orElseThrow(ApiException::notFound));
    }

    /**
     * @param filter {@code field:eq:value} clauses
     * @param sort   sort keys
     * @param page   the page
     * @param limit  the page size
     * @param total  how to count: exact, estimated or none
     * @param cursor the cursor to continue after
     * @return a page of posts
     */
    @Get
    public ListEnvelope list(@QueryValue @Nullable List<String> filter, @QueryValue @Nullable List<String> sort,
                             @QueryValue @Nullable String page, @QueryValue @Nullable String limit,
                             @QueryValue @Nullable String total, @QueryValue @Nullable String cursor) {
        return posts.list(PostQuery.parse(filter == null ? List.of() : filter, sort == null ? List.of() : sort, page, limit,
            total, cursor));
    }

    /**
     * @param input the new post
     * @return 201 with the post and its location
     */
    @Post
    public HttpResponse<DataEnvelope> create(@Body @Valid PostInput input) {
        List<ApiError.Violation> missing = new ArrayList<>(2);
        if (input.title() == null) {
            missing.add(new ApiError.Violation("title", "required", "title is required"));
        }
        if (input.body() == null) {
            missing.add(new ApiError.Violation("body", "required", "body is required"));
        }
        if (!missing.isEmpty()) {
            throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, "VALIDATION_ERROR", "Validation failed", missing);
        }
        PostView created = posts.create(input);
        return HttpResponse.created(new DataEnvelope(created), URI.create("/api/posts/" + created.id()));
    }

    /**
     * @param id    the post id
     * @param input the fields to change ({@code slug} is immutable and ignored)
     * @return the updated post
     */
    @Patch("/{id}")
    public DataEnvelope update(@PathVariable String id, @Body @Valid PostInput input) {
        return new DataEnvelope(posts.update(id, input).orElseThrow(ApiException::notFound));
    }

    /**
     * @param id the post id
     * @return 204 once the live post is soft-deleted
     */
    @Delete("/{id}")
    public HttpResponse<Void> delete(@PathVariable String id) {
        if (!posts.delete(id)) {
            throw ApiException.notFound();
        }
        return HttpResponse.noContent();
    }
}
