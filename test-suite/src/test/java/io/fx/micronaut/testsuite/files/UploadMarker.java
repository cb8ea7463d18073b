package io.fx.micronaut.testsuite.files;

import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;

/** Auth-step middleware of {@code FILE_UPLOAD} alone, for {@link FileLifecycleTest}: marks the answers it covers. */
@FxMiddleware(step = Step.AUTH, operations = "FILE_UPLOAD")
@Requires(property = "spec.name", value = "FileLifecycleTest")
final class UploadMarker implements Middleware {
    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        context.response().setHeader("X-File-Operation", context.getOperation().name());
        next.next();
    }
}
