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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The RabbitMQ destination ({@code fx.events.rabbitmq.enabled: true}): each event is published, persistent, to
 * a durable topic exchange ({@code fx.events}) with the event type as routing key, {@code message_id} the event
 * id and content type {@code application/cloudevents+json}, on a channel in publisher-confirm mode: the broker's
 * confirm is the acknowledgement. One publisher thread publishes what waits, in order, on one channel and waits
 * once for the confirms of all of it. The exchange (and, when {@code queue} is set, a durable queue and its binding)
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
    /** Publishes waiting for the publisher; more are refused (a failed attempt) rather than piled up in an outage. */
    private static final int QUEUE = 1000;
    /** The most publishes one confirm wait covers. */
    private static final int BATCH = 250;

    private final RabbitEventsConfiguration configuration;
    private final BeanContext beans;
    private final long timeoutMillis;
    private final BlockingQueue<Publish> waiting = new ArrayBlockingQueue<>(QUEUE);
    private final ExecutorService publisher = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "fx-events-rabbitmq");
        thread.setDaemon(true);
        return thread;
    });
    private volatile boolean declared;
    private volatile boolean closed;

    RabbitPublisher(RabbitEventsConfiguration configuration, EventsConfiguration events, BeanContext beans) {
        this.configuration = configuration;
        this.beans = beans;
        this.timeoutMillis = events.getPublishTimeout().toMillis();
        publisher.execute(this::publishWhatWaits);
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
        if (closed || !waiting.offer(new Publish(event, confirmed))) {
            confirmed.completeExceptionally(new RejectedExecutionException("the RabbitMQ publisher is "
                + (closed ? "closed" : "full")));
        }
        return confirmed;
    }

    /**
     * The publisher's loop: what waits is published on one channel in order, and one wait for the broker's
     * confirms covers all of it (a confirm per message would cost a round trip each).
     */
    private void publishWhatWaits() {
        List<Publish> batch = new ArrayList<>(BATCH);
        while (!closed) {
            try {
                Publish first = waiting.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                waiting.drainTo(batch, BATCH - 1);
                // an attempt the relay gave up on (timeout) while it waited here is not published
                batch.removeIf(publish -> publish.confirmed().isDone());
                if (!batch.isEmpty()) {
                    publish(batch);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // thrown outside publish's own handling (returning the channel to its pool, say): the batch's
                // attempts fail, and the only publishing thread goes on
                batch.forEach(publish -> publish.confirmed().completeExceptionally(e));
            } finally {
                batch.clear();
            }
        }
    }

    private void publish(List<Publish> batch) throws InterruptedException {
        ChannelPool pool = null;
        Channel channel = null;
        boolean healthy = false;
        try {
            pool = beans.getBean(ChannelPool.class, Qualifiers.byName(configuration.getConnection()));
            channel = pool.getChannel();
            channel.confirmSelect();
            declare(channel);
            for (Publish publish : batch) {
                EventMessage event = publish.event();
                AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                    .contentType(EventMessage.CONTENT_TYPE)
                    .deliveryMode(PERSISTENT)
                    .messageId(event.id())
                    .type(event.type())
                    .headers(Map.of("subject", event.subject()))
                    .build();
                channel.basicPublish(configuration.getExchange(), event.type(), properties, event.json());
            }
            channel.waitForConfirmsOrDie(timeoutMillis);
            healthy = true;
            batch.forEach(publish -> publish.confirmed().complete(null));
        } catch (IOException | TimeoutException | RuntimeException e) {
            declared = false; // declared again next time, should the broker have lost the exchange
            batch.forEach(publish -> publish.confirmed().completeExceptionally(e));
        } finally {
            if (channel != null) {
                if (!healthy) {
                    closeQuietly(channel);
                }
                pool.returnChannel(channel);
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
        closed = true;
        publisher.shutdownNow();
        Publish left;
        while ((left = waiting.poll()) != null) {
            left.confirmed().completeExceptionally(new RejectedExecutionException("the RabbitMQ publisher is closed"));
        }
    }

    /** An event waiting to be published, and what completes once the broker confirms it. */
    private record Publish(EventMessage event, CompletableFuture<Void> confirmed) {
    }
}
