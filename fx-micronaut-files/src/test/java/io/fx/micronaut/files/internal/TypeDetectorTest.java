package io.fx.micronaut.files.internal;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TypeDetectorTest {

    private final TypeDetector detector = new TypeDetector();

    private String detect(String text, String name) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return detector.detect(bytes, bytes.length, name);
    }

    @Test
    void theBytesDecideNotTheName() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        assertEquals("image/png", detector.detect(png, png.length, "x.txt"));
        assertEquals("text/html", detect("<!DOCTYPE html><html><script>alert(1)</script></html>", "cat.png"));
        assertEquals("image/svg+xml", detect("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\">"
            + "<script>alert(1)</script></svg>", "cat.png"));
        assertEquals("text/plain", detect("just words", "notes.png"));
        assertEquals("text/csv", detect("a,b\n1,2\n", "data.csv"));
        assertEquals("application/pdf", detect("%PDF-1.4\n%âãÏÓ\n", "doc.txt"));
    }
}
