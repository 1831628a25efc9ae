/*
 * bench/latency: the wire between the testbed's hosts. This kernel has no netem (tc qdisc netem: "Specified qdisc
 * kind is unknown"), so the one-way delay and the bandwidth cap are made here, in user space: one TUN device "lat0"
 * in each host's network namespace, and this process moving the IPv4 packets between them. A packet a host sends
 * leaves its link when the link has sent what was queued before it (RATE megabits a second), then arrives DELAY
 * microseconds later at the host its destination address names (10.232.0.K: the K-th namespace given). Packets of
 * one link keep their order. Event driven (epoll and one timerfd at the next arrival): idle, it costs no CPU.
 *
 *   delay_wire DELAY_US RATE_MBIT NETNS...      prints READY when every lat0 exists; runs until killed
 *
 * The devices vanish with this process. It needs root (setns, /dev/net/tun).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define MAX_HOSTS 16
#define QUEUE 4096
#define MTU 65536

typedef struct { uint64_t at; int to, len; unsigned char *data; } Packet;
typedef struct { Packet p[QUEUE]; int head, tail; uint64_t free_at; } Link;   /* FIFO of one sending host */

static int tun[MAX_HOSTS], hosts;
static Link links[MAX_HOSTS];

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t) t.tv_sec * 1000000000u + (uint64_t) t.tv_nsec;
}

static void die(const char *what, const char *arg) {
    fprintf(stderr, "delay_wire: %s %s: %s\n", what, arg, strerror(errno));
    exit(1);
}

/* Opens lat0 in namespace ns (by name, /var/run/netns/NAME) and returns to the caller's namespace. */
static int open_tun(const char *ns, int home) {
    char path[256];
    snprintf(path, sizeof path, "/var/run/netns/%s", ns);
    int nsfd = open(path, O_RDONLY);
    if (nsfd < 0) die("cannot open namespace", path);
    if (setns(nsfd, CLONE_NEWNET) != 0) die("cannot enter namespace", ns);
    int fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK);
    if (fd < 0) die("cannot open", "/dev/net/tun");
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
    strncpy(ifr.ifr_name, "lat0", IFNAMSIZ - 1);
    if (ioctl(fd, TUNSETIFF, &ifr) != 0) die("TUNSETIFF lat0 in", ns);
    if (setns(home, CLONE_NEWNET) != 0) die("cannot return to the home namespace from", ns);
    close(nsfd);
    return fd;
}

static void arm(int timer) {
    uint64_t next = UINT64_MAX;
    for (int h = 0; h < hosts; h++)
        if (links[h].head != links[h].tail && links[h].p[links[h].head].at < next) next = links[h].p[links[h].head].at;
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    if (next != UINT64_MAX) {
        if (next == 0) next = 1;
        its.it_value.tv_sec = (time_t) (next / 1000000000u);
        its.it_value.tv_nsec = (long) (next % 1000000000u);
    }
    timerfd_settime(timer, TFD_TIMER_ABSTIME, &its, NULL);
}

static void deliver(uint64_t t) {
    for (int h = 0; h < hosts; h++) {
        Link *l = &links[h];
        while (l->head != l->tail && l->p[l->head].at <= t) {
            Packet *p = &l->p[l->head];
            if (write(tun[p->to], p->data, (size_t) p->len) < 0 && errno != EAGAIN) perror("delay_wire: write");
            l->head = (l->head + 1) % QUEUE;
        }
    }
}

int main(int argc, char **argv) {
    if (argc < 4 || argc - 3 > MAX_HOSTS) {
        fprintf(stderr, "usage: delay_wire DELAY_US RATE_MBIT NETNS... (at most %d)\n", MAX_HOSTS);
        return 2;
    }
    uint64_t delay = (uint64_t) (atof(argv[1]) * 1000.0);
    double ns_per_byte = 8000.0 / atof(argv[2]);   /* RATE_MBIT megabits a second */
    hosts = argc - 3;
    int home = open("/proc/self/ns/net", O_RDONLY);
    if (home < 0) die("cannot open", "/proc/self/ns/net");
    int ep = epoll_create1(0), timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
    struct epoll_event ev = {.events = EPOLLIN, .data.u32 = MAX_HOSTS};
    epoll_ctl(ep, EPOLL_CTL_ADD, timer, &ev);
    for (int h = 0; h < hosts; h++) {
        tun[h] = open_tun(argv[3 + h], home);
        ev.data.u32 = (uint32_t) h;
        epoll_ctl(ep, EPOLL_CTL_ADD, tun[h], &ev);
        for (int k = 0; k < QUEUE; k++) links[h].p[k].data = malloc(MTU);
    }
    printf("READY\n");
    fflush(stdout);
    struct epoll_event got[MAX_HOSTS + 1];
    for (;;) {
        int n = epoll_wait(ep, got, MAX_HOSTS + 1, -1);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("epoll_wait", "");
        for (int e = 0; e < n; e++) {
            uint32_t h = got[e].data.u32;
            if (h == MAX_HOSTS) {
                uint64_t expirations;
                if (read(timer, &expirations, sizeof expirations) < 0 && errno != EAGAIN) perror("delay_wire: timer");
                continue;
            }
            Link *l = &links[h];
            for (;;) {
                int next = (l->tail + 1) % QUEUE;
                if (next == l->head) break;   /* queue full: the packets wait in the device (TCP backs off) */
                Packet *p = &l->p[l->tail];
                ssize_t len = read(tun[h], p->data, MTU);
                if (len < 0) break;
                if (len < 20 || (p->data[0] >> 4) != 4) continue;   /* IPv4 only */
                int to = p->data[19] - 1;   /* 10.232.0.K -> host K - 1 */
                if (to < 0 || to >= hosts || p->data[16] != 10 || p->data[17] != 232 || p->data[18] != 0) continue;
                uint64_t t = now_ns(), sent = (l->free_at > t ? l->free_at : t) + (uint64_t) (ns_per_byte * (double) len);
                l->free_at = sent;
                p->at = sent + delay;
                p->to = to;
                p->len = (int) len;
                l->tail = next;
            }
        }
        deliver(now_ns());
        arm(timer);
    }
}
