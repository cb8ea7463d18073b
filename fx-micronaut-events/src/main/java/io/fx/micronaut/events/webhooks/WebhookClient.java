package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.Message;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.entity.AsyncEntityProducers;
import org.apache.hc.core5.http.nio.entity.DiscardingEntityConsumer;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.http.nio.support.BasicResponseConsumer;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * One webhook's HTTP client (Apache HttpClient 5, asynchronous, a pool of its own): every connection resolves its
 * host through the {@link GuardedDnsResolver} and nothing else, no proxy, no redirect followed, no automatic
 * retry (the relay retries), no cookies; connect and response timeouts of the webhook's {@code timeout}. The
 * response body is read and dropped.
 *
 * <p>The pool holds as many connections as the relay hands the webhook deliveries at once
 * ({@code fx.events.batch-size}): each delivery's timeout runs from the hand-over, so a request queued for a
 * connection would spend its timeout waiting, be given up, and be sent again, twice to the receiver where it had
 * reached it. A smaller pool also capped the webhook at {@code pool size / receiver latency} deliveries a second.</p>
 */
final class WebhookClient implements AutoCloseable {

    private static final ContentType CLOUDEVENT = ContentType.create(io.fx.micronaut.events.EventMessage.CONTENT_TYPE);

    private final CloseableHttpAsyncClient client;

    /**
     * @param resolver    the only resolver its connections use
     * @param timeout     the connect, connection-lease and response timeout
     * @param name        the webhook's name, for its thread
     * @param connections the most connections open at once: as many as deliveries are sent at once
     */
    WebhookClient(@NonNull GuardedDnsResolver resolver, @NonNull Duration timeout, @NonNull String name,
                  int connections) {
        Timeout limit = Timeout.ofMilliseconds(timeout.toMillis());
        PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
            .setDnsResolver(resolver)
            .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(limit).setSocketTimeout(limit)
                .build())
            .setMaxConnTotal(connections)
            .setMaxConnPerRoute(connections)
            .build();
        this.client = HttpAsyncClients.custom()
            .setConnectionManager(pool)
            .setRoutePlanner(new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE))
            .setIOReactorConfig(IOReactorConfig.custom().setIoThreadCount(1).setSoTimeout(limit).build())
            .setDefaultRequestConfig(RequestConfig.custom().setConnectionRequestTimeout(limit)
                .setResponseTimeout(limit).setRedirectsEnabled(false).build())
            .setThreadFactory(runnable -> {
                Thread thread = new Thread(runnable, "fx-webhook-" + name);
                thread.setDaemon(true);
                return thread;
            })
            .disableRedirectHandling()
            .disableAutomaticRetries()
            .disableCookieManagement()
            .disableAuthCaching()
            .setUserAgent("fx-micronaut-webhooks")
            .build();
        client.start();
    }

    /**
     * @param target  where to
     * @param body    the body, {@code application/cloudevents+json}
     * @param headers the request's further headers
     * @return the answer's status and {@code Retry-After}; fails with the client's exception (cancelling it
     * aborts the request)
     */
    @NonNull
    CompletableFuture<Answer> post(@NonNull WebhookTarget target, @NonNull byte[] body,
                                   @NonNull Map<String, String> headers) {
        BasicHttpRequest request = new BasicHttpRequest("POST", target.host(), target.path());
        headers.forEach(request::addHeader);
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        Future<Message<HttpResponse, Void>> exchange = client.execute(
            new BasicRequestProducer(request, AsyncEntityProducers.create(body, CLOUDEVENT)),
            new BasicResponseConsumer<>(new DiscardingEntityConsumer<>()), HttpClientContext.create(),
            new FutureCallback<>() {
                @Override
                public void completed(Message<HttpResponse, Void> result) {
                    HttpResponse head = result.getHead();
                    var retryAfter = head.getFirstHeader("Retry-After");
                    answer.complete(new Answer(head.getCode(), retryAfter == null ? null : retryAfter.getValue()));
                }

                @Override
                public void failed(Exception e) {
                    answer.completeExceptionally(e);
                }

                @Override
                public void cancelled() {
                    answer.cancel(false);
                }
            });
        answer.whenComplete((ignored, failure) -> {
            if (failure != null) {
                exchange.cancel(true);
            }
        });
        return answer;
    }

    @Override
    public void close() {
        client.close(CloseMode.GRACEFUL);
    }

    /**
     * @param status     the HTTP status
     * @param retryAfter the {@code Retry-After} header, or null
     */
    record Answer(int status, String retryAfter) {
    }
}
