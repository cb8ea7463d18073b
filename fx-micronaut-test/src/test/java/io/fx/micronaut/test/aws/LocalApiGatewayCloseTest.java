package io.fx.micronaut.test.aws;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Closing the gateway while an invocation hangs returns: the JDK server would wait for it without a bound. */
class LocalApiGatewayCloseTest {

    @Test
    void closeReturnsWhileAnInvocationHangs() throws Exception {
        CountDownLatch invoked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> hanging = (event, context) -> {
            invoked.countDown();
            try {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new APIGatewayProxyResponseEvent().withStatusCode(200).withBody("{}");
        };
        LocalApiGateway gateway = LocalApiGateway.v1(0, hanging);
        try {
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build().sendAsync(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + gateway.getPort() + "/api/ready")).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.discarding());
            assertTrue(invoked.await(10, TimeUnit.SECONDS), "the function was invoked");

            assertTimeoutPreemptively(Duration.ofSeconds(10), gateway::close);
        } finally {
            release.countDown();
        }
    }
}
