// The offline page (docs/member-web.md, "Installable app"): in the member's chosen language, with no
// data of theirs (the service worker keeps only this page, its style and the icons).
(function () {
  var texts = {
    th: { title: 'คุณออฟไลน์อยู่', body: 'ไม่มีการเชื่อมต่ออินเทอร์เน็ต ยอดเงินและรายการของคุณปลอดภัย ลองอีกครั้งเมื่อเชื่อมต่อได้', retry: 'ลองอีกครั้ง' },
    la: { title: 'ທ່ານອອບລາຍຢູ່', body: 'ບໍ່ມີການເຊື່ອມຕໍ່ອິນເຕີເນັດ ຍອດເງິນ ແລະ ລາຍການຂອງທ່ານປອດໄພ ລອງອີກຄັ້ງເມື່ອເຊື່ອມຕໍ່ໄດ້', retry: 'ລອງອີກຄັ້ງ' },
    en: {
      title: 'You are offline',
      body: 'There is no internet connection. Your balance and transactions are safe. Try again once you are connected.',
      retry: 'Try again',
    },
  };
  var chosen = '';
  try {
    chosen = (localStorage.getItem('locale') || '').replace(/"/g, '');
  } catch {
    // A private window may refuse storage: the browser's language decides.
  }
  var locale = texts[chosen]
    ? chosen
    : (navigator.language || '').slice(0, 2) === 'lo'
      ? 'la'
      : (navigator.language || '').slice(0, 2) === 'en'
        ? 'en'
        : 'th';
  document.documentElement.lang = locale === 'la' ? 'lo' : locale;
  document.addEventListener('DOMContentLoaded', function () {
    var nodes = document.querySelectorAll('[data-text]');
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = texts[locale][nodes[i].getAttribute('data-text')];
    document.querySelector('button').addEventListener('click', function () {
      location.reload();
    });
  });
})();
