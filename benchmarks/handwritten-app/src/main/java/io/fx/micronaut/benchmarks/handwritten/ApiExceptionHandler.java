package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import jakarta.inject.Singleton;

/**
 * Renders {@link ApiException} as the error envelope.
 *
 * @since 0.1.0
 */
@Produces
@Singleton
@Requires(classes = {ApiException.class, ExceptionHandler.class})
public class ApiExceptionHandler implements ExceptionHandler<ApiException, HttpResponse<ApiError>> {

    @Override
    public HttpResponse<ApiError> handle(HttpRequest request, ApiException exception) {
        return HttpResponse.<ApiError>status(exception.status()).body(exception.toError());
    }
}
