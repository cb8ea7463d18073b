package ${package};

import io.micronaut.runtime.Micronaut;

/** Starts ${appName}: a plain Micronaut application; fx-micronaut serves its models under {@code /api}. */
public final class Application {

    private Application() {
    }

    /**
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        Micronaut.run(Application.class, args);
    }
}
