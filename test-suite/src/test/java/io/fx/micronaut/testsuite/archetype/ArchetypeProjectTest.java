package io.fx.micronaut.testsuite.archetype;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fx-micronaut-archetype as a user runs it: {@code archetype:generate} offline from the local catalog
 * ({@code -o -DarchetypeCatalog=local}) on the build's local repository (where the archetype module's build installed
 * the archetype and the fx artifacts it names), then {@code mvn -o verify} in the generated project, with the
 * Maven of this build (3.8.7 here): its ItemApiTest serves /api/items through the real server. Its lambda profile
 * is built too ({@code mvn -o -Plambda package}, tests included, as its README says, in a copy of the project) and
 * the shaded jar alone serves items through its HTTP API function ({@code src/test/resources/archetype/
 * InvokeItemsFunction.java}, run in source-file mode on that jar). Each run is bounded by a timeout; the output of
 * each is kept under target/archetype-project.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArchetypeProjectTest {

    private static final long GENERATE_MINUTES = 5;
    private static final long VERIFY_MINUTES = 10;
    private static final long INVOKE_MINUTES = 3;
    private static final Path INVOKER = Path.of("src", "test", "resources", "archetype", "InvokeItemsFunction.java")
        .toAbsolutePath();

    private final String repository = required("fx.test.maven-repo");
    private final String version = required("fx.test.fx-version");
    private final Path work = Path.of("target", "archetype-project").toAbsolutePath();
    private Path project;

    @BeforeAll
    void generate() throws Exception {
        Path archetype = Path.of(repository, "io", "fx", "fx-micronaut-archetype", version,
            "fx-micronaut-archetype-" + version + ".jar");
        assertTrue(Files.isRegularFile(archetype), "the archetype is not in the local repository " + repository
            + ": build it first (mvn -B verify, or mvn -B -pl fx-micronaut-archetype -am verify)");
        delete(work);
        Files.createDirectories(work);
        run(work, GENERATE_MINUTES, "generate.log", maven("-o", "-B", "-Dmaven.repo.local=" + repository,
            "org.apache.maven.plugins:maven-archetype-plugin:3.4.1:generate", "-DinteractiveMode=false",
            "-DarchetypeCatalog=local", "-DarchetypeGroupId=io.fx", "-DarchetypeArtifactId=fx-micronaut-archetype",
            "-DarchetypeVersion=" + version, "-DgroupId=com.example", "-DartifactId=shop",
            "-Dversion=1.0.0-SNAPSHOT", "-Dpackage=com.example.shop"));
        project = work.resolve("shop");
        copy(project, work.resolve("shop-lambda"));
    }

    @Test
    void theGeneratedProjectIsTheApplicationTheIssueDescribes() throws IOException {
        Path sources = project.resolve("src/main/java/com/example/shop");
        assertTrue(Files.isRegularFile(sources.resolve("Application.java")));
        String item = Files.readString(sources.resolve("Item.java"));
        assertTrue(item.contains("@Fx(\"required, unique, filterable, sortable\")"), item);
        assertTrue(item.contains("@Fx(\"min:0, default:0, filterable\")\n    private int quantity;"), item);
        String yaml = Files.readString(project.resolve("src/main/resources/application.yml"));
        assertTrue(yaml.contains("port: ${PORT:8080}"), yaml);
        assertTrue(yaml.contains("url: jdbc:h2:file:./data/shop"), yaml);
        assertTrue(yaml.contains("name: shop"), yaml);
        String pom = Files.readString(project.resolve("pom.xml"));
        assertTrue(pom.contains("<version>4.10.12</version>"), pom);
        assertTrue(pom.contains("<micronaut.core.version>4.10.20</micronaut.core.version>"), pom);
        assertTrue(pom.contains("<micronaut.security.version>4.15.1</micronaut.security.version>"), pom);
        assertTrue(pom.contains("<fx.version>" + version + "</fx.version>"), pom);
        assertTrue(pom.contains("<id>lambda</id>") && pom.contains("<artifactId>fx-micronaut-aws</artifactId>"), pom);
        assertTrue(Files.readString(project.resolve("README.md")).contains("mvn -B -q exec:java"));
        assertTrue(Files.isRegularFile(project.resolve("src/test/java/com/example/shop/ItemApiTest.java")));
    }

    @Test
    void theGeneratedProjectBuildsAndPassesItsTestsOffline() throws Exception {
        String output = run(project, VERIFY_MINUTES, "verify.log", maven("-o", "-B",
            "-Dmaven.repo.local=" + repository, "verify"));
        assertTrue(output.contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0"), tail(output));
        assertTrue(Files.isRegularFile(project.resolve("target/shop-1.0.0-SNAPSHOT.jar")), tail(output));
    }

    @Test
    void theLambdaProfileBuildsAFunctionJarThatServesItems() throws Exception {
        Path lambda = work.resolve("shop-lambda");
        String build = run(lambda, VERIFY_MINUTES, "lambda-package.log", maven("-o", "-B",
            "-Dmaven.repo.local=" + repository, "-Plambda", "package"));
        assertTrue(build.contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0"), tail(build));
        Path jar = lambda.resolve("target/shop-lambda.jar");
        assertTrue(Files.isRegularFile(jar), tail(build));
        try (JarFile shaded = new JarFile(jar.toFile())) {
            assertNull(shaded.getEntry("io/micronaut/http/server/netty/NettyHttpServer.class"), "Netty in " + jar);
            assertNotNull(shaded.getEntry("io/fx/micronaut/aws/FxApiGatewayV2Function.class"), jar.toString());
        }
        String answers = run(lambda, INVOKE_MINUTES, "lambda-invoke.log", List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Ddatasources.default.url=jdbc:h2:mem:shop-lambda;DB_CLOSE_DELAY=-1", "-cp", jar.toString(),
            INVOKER.toString()));
        assertTrue(answers.contains("MIGRATED {tablesCreated=[items]"), tail(answers));
        assertTrue(answers.contains("ANSWER POST 201 {\"data\":{\"id\":"), tail(answers));
        assertTrue(Pattern.compile("ANSWER GET 200 \\{\"data\":\\[\\{\"id\":\"[^\"]+\",[^}]*\"name\":\"lambda-widget\","
            + "\"quantity\":2}],\"meta\":\\{\"total\":1,").matcher(answers).find(), tail(answers));
    }

    private String run(Path directory, long minutes, String log, List<String> command) throws Exception {
        Path logFile = work.resolve(log);
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
            .redirectOutput(logFile.toFile()).start();
        if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " took longer than " + minutes + " minutes: "
                + tail(Files.readString(logFile, StandardCharsets.UTF_8)));
        }
        String output = Files.readString(logFile, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), () -> String.join(" ", command) + " failed: " + tail(output));
        return output;
    }

    /** @return the command running this build's Maven with the arguments */
    private static List<String> maven(String... arguments) {
        String home = System.getProperty("fx.test.maven-home", "");
        Path mvn = Path.of(home, "bin", "mvn");
        List<String> command = new ArrayList<>();
        command.add(!home.isBlank() && Files.isExecutable(mvn) ? mvn.toString() : "mvn");
        command.addAll(List.of(arguments));
        return command;
    }

    private static String tail(String output) {
        return output.length() > 6000 ? output.substring(output.length() - 6000) : output;
    }

    private static String required(String property) {
        String value = System.getProperty(property, "");
        if (value.isBlank()) {
            throw new IllegalStateException("the system property " + property + " is not set (test-suite/pom.xml sets it)");
        }
        return value;
    }

    /** Copies the generated project, before any build, so that the lambda build has a target of its own. */
    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    private static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
