package io.fx.micronaut.events;

import io.cloudevents.CloudEvent;
import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * A subscription declared as a bean: subscribed at startup under its {@link #name()}, as
 * {@link EventBus#subscribe} would.
 *
 * <pre>{@code
 * @Singleton
 * final class WelcomeMail implements EventSubscriber {
 *     public String name() { return "welcome-mail"; }
 *     public List<String> patterns() { return List.of("author.created"); }
 *     public void handle(CloudEvent event) { ... }
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
public interface EventSubscriber extends EventHandler {

    /** @return the subscription's durable name (see {@link Subscription}) */
    @NonNull
    String name();

    /** @return the patterns of the types it receives */
    @NonNull
    List<String> patterns();

    @Override
    void handle(@NonNull CloudEvent event) throws Exception;
}
