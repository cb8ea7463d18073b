package io.fx.micronaut.testsuite.encryption;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Vault's KV v2 read API ({@code GET /v1/{mount}/data/{path}/{id}}, {@code X-Vault-Token}) served over HTTPS on
 * 127.0.0.1 by the JDK's {@code HttpsServer} with a self-signed certificate made by Bouncy Castle (as
 * {@code JwksServer}), and a plain-http twin. It records the paths asked for, can fail, be slow, or redirect.
 */
final class VaultServer implements AutoCloseable {

    static final String TOKEN = "s.vault-test-token-0123456789";

    private final HttpsServer https;
    private final HttpServer plain;
    private final String caPem;
    private final Map<String, byte[]> keys = new ConcurrentHashMap<>();
    final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile int failStatus;
    private volatile long delayMillis;
    private volatile boolean redirect;

    VaultServer() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair pair = generator.generateKeyPair();
            X500Name name = new X500Name("CN=127.0.0.1");
            long now = System.currentTimeMillis();
            JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now),
                new Date(now - 60_000), new Date(now + 86_400_000), name, pair.getPublic());
            builder.addExtension(Extension.subjectAlternativeName, false,
                new GeneralNames(new GeneralName(GeneralName.iPAddress, "127.0.0.1")));
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate())));
            this.caPem = "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n";
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("server", pair.getPrivate(), "pw".toCharArray(), new X509Certificate[] {certificate});
            KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(store, "pw".toCharArray());
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(managers.getKeyManagers(), null, null);
            InetSocketAddress loopback = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0);
            https = HttpsServer.create(loopback, 0);
            https.setHttpsConfigurator(new HttpsConfigurator(ssl));
            plain = HttpServer.create(loopback, 0);
            https.createContext("/", this::serve);
            plain.createContext("/", this::serve);
            https.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
            https.start();
            plain.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        requests.add(path);
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (redirect && exchange.getHttpContext().getServer() == https) {
            exchange.getResponseHeaders().add("Location", plainUrl() + path);
            exchange.sendResponseHeaders(307, -1);
            exchange.close();
            return;
        }
        int status;
        String body;
        String prefix = "/v1/secret/data/fx-keys/";
        if (!TOKEN.equals(exchange.getRequestHeaders().getFirst("X-Vault-Token"))) {
            status = 403;
            body = "{\"errors\":[\"permission denied\"]}";
        } else if (failStatus != 0) {
            status = failStatus;
            body = "{\"errors\":[\"sealed\"]}";
        } else if (path.startsWith(prefix) && keys.containsKey(path.substring(prefix.length()))) {
            status = 200;
            body = "{\"request_id\":\"r\",\"data\":{\"data\":{\"key\":\""
                + Base64.getEncoder().encodeToString(keys.get(path.substring(prefix.length())))
                + "\"},\"metadata\":{\"version\":1}}}";
        } else {
            status = 404;
            body = "{\"errors\":[]}";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    String url() {
        return "https://127.0.0.1:" + https.getAddress().getPort();
    }

    String plainUrl() {
        return "http://127.0.0.1:" + plain.getAddress().getPort();
    }

    String caPem() {
        return caPem;
    }

    void key(String id, byte[] key) {
        keys.put(id, key.clone());
    }

    void fail(int status) {
        this.failStatus = status;
    }

    void delay(long millis) {
        this.delayMillis = millis;
    }

    void redirectToPlain(boolean on) {
        this.redirect = on;
    }

    long reads(String keyId) {
        return requests.stream().filter(p -> p.endsWith("/" + keyId)).count();
    }

    @Override
    public void close() {
        delayMillis = 0;
        https.stop(0);
        plain.stop(0);
    }
}
