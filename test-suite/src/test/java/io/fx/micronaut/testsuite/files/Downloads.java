package io.fx.micronaut.testsuite.files;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** Reads a download as bytes, with its status and headers. */
final class Downloads {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Downloads() {
    }

    record Download(int status, HttpResponse<byte[]> response) {
        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        byte[] bytes() {
            return response.body();
        }
    }

    static Download get(FilesServer files, String path, Map<String, String> headers) throws Exception {
        return send(files, "GET", path, headers);
    }

    static Download send(FilesServer files, String method, String path, Map<String, String> headers)
        throws Exception {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://localhost:" + files.server.getPort()
            + path)).timeout(Duration.ofSeconds(30)).method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(builder::header);
        HttpResponse<byte[]> response = CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        return new Download(response.statusCode(), response);
    }
}
