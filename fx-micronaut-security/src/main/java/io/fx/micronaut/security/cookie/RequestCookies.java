package io.fx.micronaut.security.cookie;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.cookie.Cookie;

import java.util.Optional;

/**
 * Reads a credential cookie (the session's, the CSRF token's) that a request may carry once only: a second
 * cookie of the same name is what a sibling subdomain or a plain-http answer plants next to the real one, and
 * which of the two a server reads first is not the browser's choice to make.
 */
@Internal
public final class RequestCookies {

    private static final String HEADER = "Cookie";
    /** What the decoder skips before a cookie's name. */
    private static final String SKIPPED = " \t\n\u000b\f\r,;";

    private RequestCookies() {
    }

    /**
     * @param request a request
     * @param name    the cookie's name
     * @return the cookie's value as sent, or empty when the request carries none
     * @throws io.fx.micronaut.exception.FxException 400 {@code MALFORMED_REQUEST} when it carries the cookie more
     *     than once (the message names the cookie, never a value)
     */
    @NonNull
    public static Optional<String> single(@NonNull HttpRequest<?> request, @NonNull String name) {
        if (count(request, name) > 1) {
            throw ErrorCode.MALFORMED_REQUEST.exception("the request carries the cookie " + name + " more than once");
        }
        return request.getCookies().findCookie(name).map(Cookie::getValue);
    }

    /**
     * @return how many {@code name=} pairs the request's {@code Cookie} headers hold, read as the server's cookie
     *     decoder reads them: it skips white space, {@code ,} and {@code ;} before a name, so {@code ,name=} counts
     *     as {@code name=} (a planted {@code ,__Host-x} is no {@code __Host-} cookie to the browser, but is one here)
     */
    private static int count(HttpRequest<?> request, String name) {
        int count = 0;
        for (String header : request.getHeaders().getAll(HEADER)) {
            int start = 0;
            while (start < header.length()) {
                int end = header.indexOf(';', start);
                end = end < 0 ? header.length() : end;
                int equals = header.indexOf('=', start);
                if (equals > start && equals < end && nameOf(header, start, equals).equals(name)) {
                    count++;
                }
                start = end + 1;
            }
        }
        return count;
    }

    private static String nameOf(String header, int start, int equals) {
        int from = start;
        while (from < equals && SKIPPED.indexOf(header.charAt(from)) >= 0) {
            from++;
        }
        return header.substring(from, equals).strip();
    }
}
