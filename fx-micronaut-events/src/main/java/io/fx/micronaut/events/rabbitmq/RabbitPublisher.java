package io.fx.micronaut.events.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import io.fx.micronaut.events.EventDestination;
import io.fx.micronaut.events.EventMessage;
import io.fx.micronaut.events.EventsConfiguration;
import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.rabbitmq.connect.ChannelPool;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The RabbitMQ destination ({@code fx.events.rabbitmq.enabled: true}): each event is published, persistent, to
 * a durable topic exchange ({@code fx.events}) with the event type as routing key, {@code message_id} the event
 * id and content type {@code application/cloudevents+json}, on a channel in publisher-confirm mode: the broker's
 * confirm is the acknowledgement. The exchange (and, when {@code queue} is set, a durable queue and its binding)
 * is declared before the first event. Channels come from micronaut-rabbitmq's pool of the configured connection,
 * looked up on first use, so the application starts while RabbitMQ is down.
 *
 * @since 0.7.0
 */
@Singleton
@Requires(classes = {Channel.class, ChannelPool.class})
@Requires(property = RabbitEventsConfiguration.ENABLED, value = "true")
public final class RabbitPublisher implements EventDestination {

    private static final int PERSISTENT = 2;
    /** Publishes waiting for a thread; more are refused (a failed attempt) rather than piled up during an outage. */
    private static final int QUEUE = 1000;

    private final RabbitEventsConfiguration configuration;
    private final BeanContext beans;
    private final long timeoutMillis;
    private final ThreadPoolExecutor publishers;
    private volatile boolean declared;

    RabbitPublisher(RabbitEventsConfiguration configuration, EventsConfiguration events, BeanContext beans) {
        this.configuration = configuration;
        this.beans = beans;
        this.timeoutMillis = events.getPublishTimeout().toMillis();
        AtomicInteger count = new AtomicInteger();
        this.publishers = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUE),
            runnable -> {
                Thread thread = new Thread(runnable, "fx-events-rabbitmq-" + count.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
    }

    @Override
    @NonNull
    public String name() {
        return configuration.getName();
    }

    @Override
    @NonNull
    public List<String> patterns() {
        return configuration.getPatterns();
    }

    @Override
    @NonNull
    public CompletionStage<Void> deliver(@NonNull EventMessage event) {
        CompletableFuture<Void> confirmed = new CompletableFuture<>();
        try {
            publishers.execute(() -> {
                if (confirmed.isDone()) {
                    return; // the relay gave up on this attempt (timeout) while it waited here
                }
                try {
                    publish(event);
                    confirmed.complete(null);
                } catch (RuntimeException e) {
                    confirmed.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException e) {
            confirmed.completeExceptionally(e);
        }
        return confirmed;
    }

    private void publish(EventMessage event) {
        ChannelPool pool = beans.getBean(ChannelPool.class, Qualifiers.byName(configuration.getConnection()));
        Channel channel = null;
        boolean healthy = false;
        try {
            channel = pool.getChannel();
            channel.confirmSelect();
            declare(channel);
            AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                .contentType(EventMessage.CONTENT_TYPE)
                .deliveryMode(PERSISTENT)
                .messageId(event.id())
                .type(event.type())
                .headers(Map.of("subject", event.subject()))
                .build();
            channel.basicPublish(configuration.getExchange(), event.type(), properties, event.json());
            channel.waitForConfirmsOrDie(timeoutMillis);
            healthy = true;
        } catch (IOException | TimeoutException e) {
            declared = false; // declared again next time, should the broker have lost the exchange
            throw new CompletionException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CompletionException(e);
        } finally {
            if (channel != null) {
                if (healthy) {
                    pool.returnChannel(channel);
                } else {
                    closeQuietly(channel);
                    pool.returnChannel(channel);
                }
            }
        }
    }

    private void declare(Channel channel) throws IOException {
        if (declared) {
            return;
        }
        channel.exchangeDeclare(configuration.getExchange(), "topic", true);
        String queue = configuration.getQueue();
        if (queue != null && !queue.isBlank()) {
            channel.queueDeclare(queue, true, false, false, null);
            channel.queueBind(queue, configuration.getExchange(), configuration.getBinding());
        }
        declared = true;
    }

    private static void closeQuietly(Channel channel) {
        try {
            if (channel.isOpen()) {
                channel.close();
            }
        } catch (IOException | TimeoutException | RuntimeException ignored) {
            // the pool replaces a closed channel
        }
    }

    @PreDestroy
    void close() {
        publishers.shutdownNow();
    }
}
