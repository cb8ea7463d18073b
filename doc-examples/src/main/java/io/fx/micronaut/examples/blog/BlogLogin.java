package io.fx.micronaut.examples.blog;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.action.ActionOpenApi;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ValidationViolation;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.csrf.CsrfMode;
import io.fx.micronaut.security.csrf.CsrfTokens;
import io.fx.micronaut.security.jwt.TokenIssuer;
import io.fx.micronaut.security.login.LoginAttempts;
import io.fx.micronaut.security.session.SessionCookies;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/login} for the demo accounts of {@code BLOG_DEMO_USERS} ({@link DemoUsers}): a
 * {@link TokenIssuer} token for the user's name, roles and tenant. Public (and exempt from CSRF checks in
 * {@code application-jwt.yml}); a wrong password and an unknown name are the same 401, and past 5 failed logins
 * of an account (or 50 from a client address) in 15 minutes the same 429 ({@link LoginAttempts}). With sessions on
 * ({@code BLOG_SESSIONS=true}) it also sets the session cookie, with CSRF on ({@code BLOG_CSRF}) it answers
 * the {@code csrf_token} to echo in {@code X-CSRF-Token} (double-submit: also set as the cookie).
 *
 * @since 0.5.0
 */
@Factory
@Requires(property = BlogLogin.USERS)
public class BlogLogin {

    /** The property {@link BlogApplication#configure} sets from {@code BLOG_DEMO_USERS}. */
    static final String USERS = "blog.demo-users";

    private static final Map<String, Object> STRING = Map.of("type", "string");

    // tag::login[]
    /** {@code POST /api/login} {@code {"username","password"}}: a bearer token for a demo account. */
    @Singleton
    Action login(@Property(name = USERS) String users, TokenIssuer issuer, JsonMapper json, CsrfTokens csrf,
                 @Nullable SessionCookies sessions, LoginAttempts attempts) {
        DemoUsers accounts = DemoUsers.parse(users);
        return Action.post("/login", context -> {
                Map<String, Object> body = credentials(context, json);
                String username = (String) body.get("username");
                DemoUsers.User user = attempts.attempt(context, username,       // 429 after 5 failures in 15 min
                        () -> accounts.authenticate(username, (String) body.get("password")))
                    .orElseThrow(() -> BlogErrorCodes.INVALID_CREDENTIALS.exception("invalid username or password"));
                TokenIssuer.IssuedToken token = issuer.issue(user.name(), user.roles(), user.tenant());
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("access_token", token.token());
                data.put("token_type", "Bearer");
                data.put("expires_in", token.expiresIn().toSeconds());
                data.put("session_id", token.sessionId());
                // tag::login-cookies[]
                if (sessions != null) {                             // BLOG_SESSIONS=true: the cookie fx_session
                    context.response().addCookie(sessions.issue(token.token(), token.expiresIn()));
                }
                if (csrf.mode() == CsrfMode.DOUBLE_SUBMIT) {        // a new token of the session, also the cookie
                    data.put("csrf_token", csrf.issueCookie(context, token.sessionId()));
                } else if (csrf.mode() == CsrfMode.SIGNED) {        // HMAC of the session id
                    data.put("csrf_token", csrf.signed(token.sessionId()));
                }
                // end::login-cookies[]
                context.response().setHeader("Cache-Control", "no-store");
                return Map.of("data", data);
            })
            .access(ActionAccess.PUBLIC)
            .openApi(ActionOpenApi.NONE.summary("Log in with a demo account")
                .description("401 INVALID_CREDENTIALS for a wrong password or an unknown name alike; 429"
                    + " TOO_MANY_REQUESTS with Retry-After after 5 failed logins of the account, or 50 from the"
                    + " client address, in 15 minutes.")
                .requestSchema(Map.of("type", "object", "required", List.of("username", "password"),
                    "properties", Map.of("username", STRING, "password", STRING)))
                .responseSchema(Map.of("type", "object")));
    }
    // end::login[]

    /** The body: a JSON object (400 otherwise) with both fields as non-empty strings (422 otherwise). */
    private static Map<String, Object> credentials(RequestContext context, JsonMapper json) {
        byte[] raw = context.payload().getRawBody();
        if (raw == null || raw.length == 0) {
            throw ErrorCode.EMPTY_BODY.exception("A JSON object body is required");
        }
        Map<String, Object> body;
        try {
            body = json.readValue(raw, Argument.mapOf(String.class, Object.class));
        } catch (IOException | RuntimeException e) {
            throw ErrorCode.INVALID_JSON.exception("The request body must be a JSON object");
        }
        if (body == null) {
            throw ErrorCode.INVALID_JSON.exception("The request body must be a JSON object");
        }
        List<ValidationViolation> violations = new ArrayList<>();
        for (String field : List.of("username", "password")) {
            Object value = body.get(field);
            if (value == null || "".equals(value)) {
                violations.add(new ValidationViolation(field, "required", field + " is required"));
            } else if (!(value instanceof String)) {
                violations.add(new ValidationViolation(field, "type", field + " must be a string"));
            }
        }
        if (!violations.isEmpty()) {
            throw ErrorCode.VALIDATION_ERROR.exception("Validation failed", violations, null);
        }
        return body;
    }
}
