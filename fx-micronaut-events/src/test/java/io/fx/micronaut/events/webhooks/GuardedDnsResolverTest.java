package io.fx.micronaut.events.webhooks;

import com.sun.net.httpserver.HttpServer;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The webhook client against a loopback {@link HttpServer}: every host, a literal address and {@code localhost}
 * too, goes through the guarded resolver, and the connection uses exactly the addresses it returned.
 */
class GuardedDnsResolverTest {

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void theConnectionUsesTheCheckedAddressesWithoutASecondLookup() throws Exception {
        List<String> lookups = new CopyOnWriteArrayList<>();
        GuardedDnsResolver.Lookup lookup = host -> {
            lookups.add(host);
            // a name no DNS knows: the request only arrives if the client connects to what this returned
            return new InetAddress[]{InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1})};
        };
        AddressPolicy policy = new AddressPolicy(List.of(Cidr.parse("127.0.0.0/8")));
        try (WebhookClient client = new WebhookClient(new GuardedDnsResolver(policy, lookup), Duration.ofSeconds(5),
            "test", 4)) {
            WebhookClient.Answer answer = client.post(target("webhook.invalid"), "{}".getBytes(), Map.of())
                .get(10, TimeUnit.SECONDS);
            assertEquals(204, answer.status());
        }
        assertEquals(1, requests.get());
        assertEquals(List.of("webhook.invalid"), lookups, "one lookup, by the guarded resolver");
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost"})
    void literalAddressesAndLocalhostReachTheResolver(String host) throws Exception {
        List<String> lookups = new CopyOnWriteArrayList<>();
        GuardedDnsResolver.Lookup lookup = name -> {
            lookups.add(name);
            return InetAddress.getAllByName(name);
        };
        try (WebhookClient client = new WebhookClient(new GuardedDnsResolver(new AddressPolicy(List.of()), lookup),
            Duration.ofSeconds(5), "test", 4)) {
            ExecutionException e = assertThrows(ExecutionException.class,
                () -> client.post(target(host), "{}".getBytes(), Map.of()).get(10, TimeUnit.SECONDS));
            assertInstanceOf(SsrfRefusedException.class, e.getCause());
            assertTrue(e.getCause().getMessage().startsWith("ssrf_refused: " + host + " resolves to loopback"),
                e.getCause().getMessage());
        }
        assertEquals(List.of(host), lookups);
        assertEquals(0, requests.get(), "no traffic");
    }

    @Test
    void onlyThePermittedAddressesOfANameAreHandedOn() throws Exception {
        GuardedDnsResolver resolver = new GuardedDnsResolver(new AddressPolicy(List.of()), host -> new InetAddress[]{
            InetAddress.getByName("10.0.0.1"), InetAddress.getByName("93.184.216.34"),
            InetAddress.getByName("169.254.169.254")});
        assertEquals(List.of(InetAddress.getByName("93.184.216.34")), List.of(resolver.resolve("mixed.example")));
        assertEquals(List.of(new InetSocketAddress(InetAddress.getByName("93.184.216.34"), 443)),
            resolver.resolve("mixed.example", 443));
        GuardedDnsResolver internal = new GuardedDnsResolver(new AddressPolicy(List.of()), host -> new InetAddress[]{
            InetAddress.getByName("10.0.0.1"), InetAddress.getByName("169.254.169.254")});
        UnknownHostException refused = assertThrows(SsrfRefusedException.class, () -> internal.resolve("meta.example"));
        assertEquals("ssrf_refused: meta.example resolves to private, link-local addresses only, outside "
            + "allowed-networks", refused.getMessage());
    }

    @Test
    void anAllowedIpv6LiteralIsReachedWithABracketedHostHeader() throws Exception {
        HttpServer v6;
        try {
            v6 = HttpServer.create(new InetSocketAddress(InetAddress.getByName("::1"), 0), 0);
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.abort("no IPv6 loopback here");
            return;
        }
        List<String> hosts = new CopyOnWriteArrayList<>();
        v6.createContext("/", exchange -> {
            hosts.add(exchange.getRequestHeaders().getFirst("Host"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        v6.start();
        try {
            int port = v6.getAddress().getPort();
            AddressPolicy policy = new AddressPolicy(List.of(Cidr.parse("::1")));
            WebhookTarget target = WebhookTarget.of("http://[::1]:" + port + "/hook", policy, "key");
            try (WebhookClient client = new WebhookClient(new GuardedDnsResolver(policy, InetAddress::getAllByName),
                Duration.ofSeconds(5), "test", 4)) {
                assertEquals(204, client.post(target, "{}".getBytes(), Map.of()).get(10, TimeUnit.SECONDS).status());
            }
            assertEquals(List.of("[::1]:" + port), hosts);
        } finally {
            v6.stop(0);
        }
    }

    private WebhookTarget target(String host) {
        return new WebhookTarget(new HttpHost("http", host, server.getAddress().getPort()), "/hook");
    }
}
