package io.fx.micronaut.testsuite.support;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Whether a program a test starts for itself is on the machine. */
public final class Executables {

    private Executables() {
    }

    /**
     * @param program a program on the path, such as {@code redis-server}
     * @return whether {@code program --version} runs and succeeds within 10 s
     */
    public static boolean installed(String program) {
        try {
            Process probe = new ProcessBuilder(program, "--version").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
