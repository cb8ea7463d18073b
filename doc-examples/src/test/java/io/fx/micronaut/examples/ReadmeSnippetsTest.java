package io.fx.micronaut.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The READMEs quote doc-examples verbatim: every {@code java}, {@code yaml} and {@code xml} block of the main
 * README and of the security, events and files modules' is the text between a {@code tag::name[]} and an
 * {@code end::name[]} marker of a file of doc-examples (its sources, its tests and test resources, the quickstart and
 * its POM), common indentation removed, so it compiles and its tests run it.
 */
class ReadmeSnippetsTest {

    private static final Pattern BLOCK = Pattern.compile("```(java|yaml|xml)\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("(?://|#|<!--) tag::([\\w-]+)\\[]");
    private static final Pattern END = Pattern.compile("\\s*(?://|#|<!--) end::[\\w-]+\\[](\\s*-->)?\\s*");

    @Test
    void theMainReadmeQuotesDocExamples() throws IOException {
        assertQuoted(Path.of("..", "README.md"), 20);
    }

    @Test
    void theSecurityReadmeQuotesDocExamples() throws IOException {
        assertQuoted(Path.of("..", "fx-micronaut-security", "README.md"), 8);
    }

    @Test
    void theEventsReadmeQuotesDocExamples() throws IOException {
        assertQuoted(Path.of("..", "fx-micronaut-events", "README.md"), 13);
    }

    @Test
    void theFilesReadmeQuotesDocExamples() throws IOException {
        assertQuoted(Path.of("..", "fx-micronaut-files", "README.md"), 5);
    }

    private static void assertQuoted(Path readme, int atLeast) throws IOException {
        List<String> tagged = new ArrayList<>();
        for (Path root : List.of(Path.of("src", "main"), Path.of("src", "test"), Path.of("quickstart", "src"),
                Path.of("quickstart", "pom.xml"))) {
            tagged.addAll(tagged(root));
        }
        Matcher block = BLOCK.matcher(Files.readString(readme));
        List<String> missing = new ArrayList<>();
        int blocks = 0;
        while (block.find()) {
            blocks++;
            String text = dedent(List.of(block.group(2).split("\n", -1)));
            if (!tagged.contains(text)) {
                missing.add(text);
            }
        }
        assertFalse(blocks < atLeast, readme + " has its snippets: " + blocks);
        assertEquals(List.of(), missing, readme + ": blocks not quoted verbatim from a tagged region of doc-examples");
    }

    private static List<String> tagged(Path root) throws IOException {
        List<String> regions = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).filter(f -> !f.toString().contains("target")).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher tag = TAG.matcher(lines.get(i));
                    if (tag.find()) {
                        regions.add(region(lines, i + 1, tag.group(1)));
                    }
                }
            }
        }
        return regions;
    }

    private static String region(List<String> lines, int from, String name) {
        List<String> body = new ArrayList<>();
        for (int i = from; i < lines.size() && !lines.get(i).contains("end::" + name + "[]"); i++) {
            if (!TAG.matcher(lines.get(i)).find() && !END.matcher(lines.get(i)).matches()) {
                body.add(lines.get(i));
            }
        }
        return dedent(body);
    }

    private static String dedent(List<String> lines) {
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
            .min().orElse(0);
        return String.join("\n", lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList()).strip();
    }
}
