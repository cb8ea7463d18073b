package io.fx.micronaut.benchmarks.webhooks;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Creates exactly {@code --posts} blog posts ({@code POST /api/posts}, drafts, so each write emits one
 * {@code post.created}) over {@code --concurrency} connections, each a thread sending one request after the other,
 * and prints one line: {@code BENCH created=.. failed=.. seconds=.. posts_per_s=..}. The first failure (status
 * and the start of its body, or the exception) goes to standard error.
 *
 * <p>Arguments: {@code --url http://127.0.0.1:PORT --posts N [--concurrency 16] [--label text]} (the label goes
 * into each title, so that two runs create distinguishable posts).</p>
 *
 * @since 0.9.0
 */
public final class PostCreator {

    private PostCreator() {
    }

    /**
     * @param args see the class documentation
     * @throws Exception when the client cannot run; a failed request is counted, not thrown
     */
    public static void main(String[] args) throws Exception {
        Arguments arguments = Arguments.parse(args);
        URI posts = URI.create(arguments.required("url").replaceAll("/+$", "") + "/api/posts");
        int total = arguments.integer("posts", 0);
        int concurrency = Math.max(1, arguments.integer("concurrency", 16));
        String label = arguments.required("label");
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger created = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstFailure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        long started = System.nanoTime();
        for (int t = 0; t < concurrency; t++) {
            Thread thread = new Thread(() -> {
                for (int n = next.getAndIncrement(); n < total; n = next.getAndIncrement()) {
                    String failure = create(client, posts, label, n);
                    if (failure == null) {
                        created.incrementAndGet();
                    } else {
                        failed.incrementAndGet();
                        firstFailure.compareAndSet(null, failure);
                    }
                }
            }, "creator-" + t);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        if (firstFailure.get() != null) {
            System.err.println("first failure: " + firstFailure.get());
        }
        System.out.println(String.format(Locale.ROOT, "BENCH created=%d failed=%d seconds=%.3f posts_per_s=%.0f",
            created.get(), failed.get(), seconds, seconds > 0 ? created.get() / seconds : 0.0));
    }

    /** @return null when the post was created, else what went wrong */
    private static String create(HttpClient client, URI posts, String label, int n) {
        String body = "{\"title\":\"Webhook bench " + label + " " + n + "\",\"body\":\"Created by the webhook "
            + "benchmark.\",\"status\":\"draft\"}";
        HttpRequest request = HttpRequest.newBuilder(posts).timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 201) {
                return null;
            }
            String answer = response.body();
            return "status " + response.statusCode() + ": " + answer.substring(0, Math.min(answer.length(), 300));
        } catch (java.io.IOException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e.toString();
        }
    }
}
