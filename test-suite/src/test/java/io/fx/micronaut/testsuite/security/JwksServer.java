package io.fx.micronaut.testsuite.security;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
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
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A key set served over HTTPS on 127.0.0.1 by the JDK's {@code HttpsServer}, with a self-signed
 * certificate made with Bouncy Castle (trust it through {@code ca-cert}); it counts fetches, can fail,
 * serve an oversized body, or redirect to a plain-http twin.
 */
final class JwksServer implements AutoCloseable {

    private final HttpsServer https;
    private final HttpServer plain;
    private final String caPem;
    private final AtomicInteger fetches = new AtomicInteger();
    private volatile String body = "{\"keys\":[]}";
    private volatile int status = 200;
    private volatile boolean redirect;
    private volatile long delayMillis;

    JwksServer() {
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
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, "pw".toCharArray());
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(keys.getKeyManagers(), null, null);
            InetSocketAddress loopback = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0);
            https = HttpsServer.create(loopback, 0);
            https.setHttpsConfigurator(new HttpsConfigurator(ssl));
            plain = HttpServer.create(loopback, 0);
            https.createContext("/", this::serve);
            plain.createContext("/", this::serve);
            https.start();
            plain.start();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        fetches.incrementAndGet();
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (redirect && exchange.getHttpContext().getServer() == https) {
            exchange.getResponseHeaders().add("Location", plainUrl());
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
            return;
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    String url() {
        return "https://127.0.0.1:" + https.getAddress().getPort() + "/jwks.json";
    }

    String plainUrl() {
        return "http://127.0.0.1:" + plain.getAddress().getPort() + "/jwks.json";
    }

    String caPem() {
        return caPem;
    }

    void keys(JWK... keys) {
        this.body = new JWKSet(List.of(keys)).toString(true);
        this.status = 200;
    }

    void body(String text) {
        this.body = text;
    }

    void fail(int failStatus) {
        this.status = failStatus;
    }

    void delay(long millis) {
        this.delayMillis = millis;
    }

    void redirectToPlain(boolean on) {
        this.redirect = on;
    }

    int fetches() {
        return fetches.get();
    }

    @Override
    public void close() {
        delayMillis = 0;
        https.stop(0);
        plain.stop(0);
    }
}
