package io.fx.micronaut.security.event;

import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.context.event.ApplicationEventPublisher;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;

/**
 * Publishes the module's events on the request's thread; the parts of the module call it where the fact happens. A
 * listener that throws is logged and ignored: an audit listener never turns a refusal, a login or a logout into a
 * failure of its own.
 */
@Internal
@Singleton
public final class SecurityEvents {

    private static final Logger LOG = LoggerFactory.getLogger(SecurityEvents.class);

    private final ApplicationEventPublisher<LoginSucceededEvent> loginSucceeded;
    private final ApplicationEventPublisher<LoginFailedEvent> loginFailed;
    private final ApplicationEventPublisher<TokenRefusedEvent> tokenRefused;
    private final ApplicationEventPublisher<LogoutEvent> logout;
    private final ApplicationEventPublisher<LogoutAllEvent> logoutAll;
    private final ApplicationEventPublisher<RevocationUnavailableEvent> revocationUnavailable;

    SecurityEvents(ApplicationEventPublisher<LoginSucceededEvent> loginSucceeded,
                   ApplicationEventPublisher<LoginFailedEvent> loginFailed,
                   ApplicationEventPublisher<TokenRefusedEvent> tokenRefused,
                   ApplicationEventPublisher<LogoutEvent> logout,
                   ApplicationEventPublisher<LogoutAllEvent> logoutAll,
                   ApplicationEventPublisher<RevocationUnavailableEvent> revocationUnavailable) {
        this.loginSucceeded = loginSucceeded;
        this.loginFailed = loginFailed;
        this.tokenRefused = tokenRefused;
        this.logout = logout;
        this.logoutAll = logoutAll;
        this.revocationUnavailable = revocationUnavailable;
    }

    /**
     * @param context       the login request
     * @param account       the account named
     * @param clientAddress the caller's address, if known
     */
    public void loginSucceeded(@NonNull RequestContext context, @NonNull String account, @Nullable String clientAddress) {
        publish(loginSucceeded, new LoginSucceededEvent(account, clientAddress, context.getRequestId(), Instant.now()));
    }

    /**
     * @param context       the login request
     * @param account       the account named
     * @param clientAddress the caller's address, if known
     * @param throttled     whether the limits refused it before its credentials were checked
     */
    public void loginFailed(@NonNull RequestContext context, @NonNull String account, @Nullable String clientAddress,
                            boolean throttled) {
        publish(loginFailed, new LoginFailedEvent(account, clientAddress, context.getRequestId(), throttled,
            Instant.now()));
    }

    /**
     * @param context the request
     * @param code    the code it is refused with
     */
    public void tokenRefused(@NonNull RequestContext context, @NonNull String code) {
        String method = context.getRequest().map(r -> r.getMethodName()).orElse("");
        String path = context.getRequest().map(r -> r.getPath()).orElse("");
        publish(tokenRefused, new TokenRefusedEvent(code, method, path, context.getRequestId(), Instant.now()));
    }

    /**
     * @param context the logout request
     * @param userId  the caller's user
     */
    public void logout(@NonNull RequestContext context, @NonNull String userId) {
        publish(logout, new LogoutEvent(userId, context.getRequestId(), Instant.now()));
    }

    /**
     * @param context the logout-all request
     * @param userId  the caller's user
     * @param cutoff  the user's new cutoff
     */
    public void logoutAll(@NonNull RequestContext context, @NonNull String userId, @NonNull Instant cutoff) {
        publish(logoutAll, new LogoutAllEvent(userId, context.getRequestId(), cutoff));
    }

    /**
     * @param context   the request
     * @param operation what the store was asked
     */
    public void revocationUnavailable(@NonNull RequestContext context, @NonNull String operation) {
        publish(revocationUnavailable, new RevocationUnavailableEvent(operation, context.getRequestId(), Instant.now()));
    }

    private static <E> void publish(ApplicationEventPublisher<E> publisher, E event) {
        try {
            publisher.publishEvent(event);
        } catch (RuntimeException e) {
            LOG.warn("A listener of {} failed; ignored", event.getClass().getSimpleName(), e);
        }
    }
}
