package hpjava.mpjdev.ucx.ffm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** memcpy as an active-message handler (checked by calling it as UCX does) is available where the backend runs. */
class CopyHandlerTest {
    @Test
    void availableOnTheLp64PlatformsUcxRunsOn() {
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64")) {
            assertTrue(CopyHandler.available(), "memcpy did not behave as a ucp_am_recv_callback_t on " + arch);
            assertEquals(0, CopyHandler.ALIGNMENT % 256, "destinations must make memcpy's result read as UCS_OK");
        }
    }
}
