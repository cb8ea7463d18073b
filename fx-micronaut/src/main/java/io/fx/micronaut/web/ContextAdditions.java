package io.fx.micronaut.web;

import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.http.cookie.Cookie;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds what the pipeline asked for on the request context (response headers, cookies) to the answer the
 * pipeline produced, whichever it was: a success or an error envelope.
 */
final class ContextAdditions {

    private ContextAdditions() {
    }

    static FxResponse apply(FxResponse response, RequestContext context) {
        List<Cookie> cookies = context.response().getCookies();
        if (context.response().getHeaders().isEmpty() && cookies.isEmpty()) {
            return response;
        }
        Map<String, String> headers = new LinkedHashMap<>(response.headers());
        headers.putAll(context.response().getHeaders());
        List<Cookie> all = cookies;
        if (!response.cookies().isEmpty()) {
            all = new ArrayList<>(response.cookies());
            all.addAll(cookies);
        }
        return new FxResponse(response.status(), response.body(), headers, all, response.content());
    }
}
